// Changes of permission mode, model and effort on their way to the CLI. The controls always
// show what the CLI confirmed (the session's info); this only says what is being asked for
// meanwhile, and why the last request failed, so nothing is shown optimistically.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { AppError, Result } from '../../../../shared/result';
import { clideStore } from '../../store/store';
import { answering } from '../composer/api-calls';

export type Control = 'mode' | 'model' | 'effort' | 'style';

export interface ControlState {
  /** The value asked for, while the request is in flight. */
  asking?: string;
  error?: AppError;
}

type Key = `${string}:${Control}`;

interface RequestsState {
  byKey: Record<Key, ControlState>;
  /** The model entry (its `value`) the person picked last, per session: several entries can name the same model. */
  pickedModel: Record<string, string>;
}

export const requestsStore = createStore<RequestsState>()(() => ({ byKey: {}, pickedModel: {} }));

const IDLE: ControlState = {};

export function useControl(sessionId: string, control: Control): ControlState {
  return useStore(requestsStore, (s) => s.byKey[`${sessionId}:${control}`] ?? IDLE);
}

export function usePickedModel(sessionId: string): string | undefined {
  return useStore(requestsStore, (s) => s.pickedModel[sessionId]);
}

function set(sessionId: string, control: Control, state: ControlState): void {
  requestsStore.setState((s) => ({ byKey: { ...s.byKey, [`${sessionId}:${control}`]: state } }));
}

export function clearError(sessionId: string, control: Control): void {
  const s = requestsStore.getState().byKey[`${sessionId}:${control}`];
  if (s?.error) set(sessionId, control, { asking: s.asking });
}

async function ask(sessionId: string, control: Control, value: string, run: () => Promise<Result<unknown>>): Promise<boolean> {
  const s = requestsStore.getState().byKey[`${sessionId}:${control}`];
  if (s?.asking !== undefined) return false; // one change at a time
  set(sessionId, control, { asking: value });
  const r = await run();
  set(sessionId, control, r.ok ? {} : { error: r.error });
  return r.ok;
}

export const requestMode = (sessionId: string, mode: string): Promise<boolean> =>
  ask(sessionId, 'mode', mode, () => answering.setPermissionMode(sessionId, mode));

/** Bypass permissions, once the person confirmed it in BypassConfirm: with that confirmation's nonce. */
// (The confirmation's code is fetched with it: the first screen has a JS budget, R12-JS.)
export const requestBypass = (sessionId: string): Promise<boolean> =>
  ask(sessionId, 'mode', 'bypassPermissions', async () => {
    const { confirmed, confirmValue } = await import('../../api/confirm');
    return confirmed('bypass-permissions', confirmValue.bypass(sessionId), (confirm) => answering.setPermissionMode(sessionId, 'bypassPermissions', confirm));
  });

export async function requestModel(sessionId: string, value: string): Promise<boolean> {
  const ok = await ask(sessionId, 'model', value, () => answering.setModel(sessionId, value));
  if (ok) requestsStore.setState((s) => ({ pickedModel: { ...s.pickedModel, [sessionId]: value } }));
  return ok;
}

export const requestEffort = (sessionId: string, level: string): Promise<boolean> =>
  ask(sessionId, 'effort', level, () => answering.setEffort(sessionId, level));

export const requestOutputStyle = (sessionId: string, style: string): Promise<boolean> =>
  ask(sessionId, 'style', style, () => answering.setOutputStyle(sessionId, style));

/** The modes Shift+Tab steps through (bypass needs a confirmation, so it is left out). */
export const CYCLE = ['default', 'acceptEdits', 'plan'] as const;

export function nextMode(current: string | undefined): string {
  const at = CYCLE.indexOf((current ?? 'default') as (typeof CYCLE)[number]);
  return CYCLE[(at + 1) % CYCLE.length] ?? 'default';
}

/** Shift+Tab in the composer: ask for the next mode after the confirmed one. */
export function cycleMode(sessionId: string): void {
  const current = clideStore.getState().sessions[sessionId]?.info.permissionMode;
  void requestMode(sessionId, nextMode(current));
}
