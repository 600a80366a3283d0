// The Tasks panel's and the foreground bar's requests, and what they last said: a task's output
// (kept while the window runs, so a panel opened again shows it at once) and the answer to the
// last "Run in background" of each session (Claude Code's reason when it refused).
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { foregroundTasks } from '../../../../shared/tasks';
import type { TaskOutput } from '../../../../shared/tasks';
import type { AppError } from '../../../../shared/result';
import { clideStore } from '../../store/store';
import { answering } from '../composer/api-calls';

export interface OutputRead {
  output?: TaskOutput;
  error?: AppError;
}

interface TasksState {
  /** By `${sessionId}:${taskId}`. */
  outputs: Record<string, OutputRead>;
  /** The answer to the last "Run in background" of a session, until the turn ends. */
  notes: Record<string, { text: string; error: boolean } | undefined>;
}

export const tasksStore = createStore<TasksState>()(() => ({ outputs: {}, notes: {} }));

const key = (sessionId: string, taskId: string) => `${sessionId}:${taskId}`;

export function useTaskOutput(sessionId: string, taskId: string): OutputRead | undefined {
  return useStore(tasksStore, (s) => s.outputs[key(sessionId, taskId)]);
}

export function useBackgroundNote(sessionId: string): { text: string; error: boolean } | undefined {
  return useStore(tasksStore, (s) => s.notes[sessionId]);
}

export function clearBackgroundNote(sessionId: string): void {
  if (tasksStore.getState().notes[sessionId]) tasksStore.setState((s) => ({ notes: { ...s.notes, [sessionId]: undefined } }));
}

function setNote(sessionId: string, text: string, error: boolean): void {
  tasksStore.setState((s) => ({ notes: { ...s.notes, [sessionId]: { text, error } } }));
}

/** Read a shell's or Monitor's output once; a refusal is kept beside the last output read. */
export async function readOutput(sessionId: string, taskId: string): Promise<void> {
  const r = await answering.taskOutput(sessionId, taskId);
  const k = key(sessionId, taskId);
  tasksStore.setState((s) => ({ outputs: { ...s.outputs, [k]: r.ok ? { output: r.value } : { output: s.outputs[k]?.output, error: r.error } } }));
}

export async function stopTask(sessionId: string, taskId: string): Promise<AppError | undefined> {
  const r = await answering.stopTask(sessionId, taskId);
  return r.ok ? undefined : r.error;
}

/**
 * "Run in background": the task one call started, or (no call named, as Ctrl+B) everything in
 * the foreground. What happened is said in the session's note when there is something to say.
 */
export async function runInBackground(sessionId: string, toolUseId?: string): Promise<void> {
  const view = clideStore.getState().sessions[sessionId];
  const before = view ? foregroundTasks(view).length : 0;
  const r = await answering.backgroundTasks(sessionId, toolUseId);
  if (!r.ok) return setNote(sessionId, r.error.message, true);
  if (r.value.backgrounded === false) return setNote(sessionId, 'That command had already finished, so there was nothing to move.', false);
  // Claude Code says nothing when asked to move everything: say what the window knew.
  if (!toolUseId && before === 0)
    return setNote(
      sessionId,
      'Nothing is running in the foreground that can move yet. Claude Code offers a command for the background a few seconds after it starts.',
      false,
    );
  clearBackgroundNote(sessionId);
}
