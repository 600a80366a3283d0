// Tabs that have no `claude` process until they need one: the pieces Session and the host
// share. A new or restored tab shows what a cached `initialize` answer says (init-cache.ts);
// its first message starts the process (claiming the warm spare when it suits,
// spare-process.ts) and is written once the process is there.
import type { SessionInfo } from '../../shared/events';
import type { AppError } from '../../shared/result';
import { bypassChoice } from './bypass';
import type { ImageInput } from '../../shared/ipc';
import type { Speaker } from './protocol/outbound';
import { spawnArgs, type SpawnChoices } from './spawn-args';
import type { SpawnSpec } from './spare-process';

/**
 * The command line a session with these choices spawns: the same for a tab and for the spare
 * made for it, so a spare can be matched by it exactly. Throws an invalid-input ClideError on a
 * choice that cannot go on the command line.
 */
export function specFor(command: string, env: NodeJS.ProcessEnv, cwd: string, choices: SpawnChoices): SpawnSpec {
  const args = [...bypassChoice(env).args, ...spawnArgs(choices)];
  return { command, args, cwd, resume: choices.resume };
}

/** How long the app must have started no process before the spare is spawned (ms); undefined: no spare. */
export function spareIdleMs(env: NodeJS.ProcessEnv, option: { idleMs?: number } | undefined): number | undefined {
  const raw = env.CLIDE_SPARE_IDLE_SECONDS;
  if (raw !== undefined && raw.trim() !== '') {
    const n = Number(raw);
    if (Number.isFinite(n)) return n > 0 ? n * 1000 : undefined;
  }
  return option ? (option.idleMs ?? DEFAULT_SPARE_IDLE_MS) : undefined;
}

export const DEFAULT_SPARE_IDLE_MS = 3000;

/** A cached `initialize` answer for a tab's folder (InitCache.lookup). */
export interface CachedStart {
  info: SessionInfo;
  /** The permission mode the CLI picks itself there, without a --permission-mode flag. */
  cliMode?: string;
}

/** A message written before the process could take it, with the uuid it will be sent under. */
export interface PendingSend {
  text: string;
  images: readonly ImageInput[];
  speaker: Speaker;
  uuid: string;
}

/** What a tab that has not started shows: the cached facts, and the mode it will start in. */
export function cachedInfoEvents(cached: CachedStart, modeFlag: string | undefined): SessionInfo {
  const permissionMode = modeFlag ?? cached.cliMode;
  return permissionMode ? { ...cached.info, permissionMode } : { ...cached.info };
}

/** Bypass chosen before the process starts: refused when this machine cannot offer it (bypass.ts). */
export function bypassRefused(env: NodeJS.ProcessEnv): AppError | undefined {
  const choice = bypassChoice(env);
  if (choice.available) return undefined;
  return { kind: 'invalid-input', message: choice.reason ?? 'Bypassing permissions is not available here.', hint: 'Choose another permission mode.' };
}
