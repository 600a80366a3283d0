// The only values that reach the `claude` command line besides the fixed stream-json flags.
// Nothing a person typed or a model wrote goes into argv as free text: every value is checked
// against a strict pattern first, so a "model" such as `--dangerously-skip-permissions` or a
// session id with a space can never become a flag of its own.
import { permissionModes } from '../../shared/events';
import { ClideError, type AppError } from '../../shared/result';

/** Model aliases and ids: `sonnet`, `claude-opus-4-7[1m]`, Bedrock ARNs, Vertex `name@date`. */
const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:@/[\]-]{0,199}$/;
/** The CLI's session ids are UUIDs. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SpawnChoices {
  resume?: string;
  model?: string;
  permissionMode?: string;
  /**
   * Start a copy of `resume` under a new session id chosen here (so it is known before the CLI
   * says so), optionally cut after the transcript record `at` (a message uuid).
   */
  fork?: { sessionId: string; at?: string };
  /**
   * The folder is not trusted and the person opened it restricted: Claude Code reads only the
   * person's own settings, so nothing of the folder's (hooks, MCP servers, CLAUDE.md) runs.
   */
  restricted?: boolean;
}

export function modelProblem(model: string): AppError | undefined {
  if (MODEL.test(model)) return undefined;
  return {
    kind: 'invalid-input',
    message: `"${clip(model)}" is not a model name clide can pass to Claude Code.`,
    hint: 'Use a model alias such as sonnet or opus, or a full model id (letters, digits and . _ : @ / [ ] -).',
  };
}

export function permissionModeProblem(mode: string): AppError | undefined {
  if ((permissionModes as readonly string[]).includes(mode)) return undefined;
  return {
    kind: 'invalid-input',
    message: `"${clip(mode)}" is not a permission mode.`,
    hint: `Choose one of: ${permissionModes.join(', ')}.`,
  };
}

export function sessionIdProblem(id: string): AppError | undefined {
  if (SESSION_ID.test(id)) return undefined;
  return {
    kind: 'invalid-input',
    message: `"${clip(id)}" is not a Claude session id.`,
    hint: 'Pick the session to resume from the history list.',
  };
}

/** The first problem with these choices, if any. */
export function spawnChoicesProblem(c: SpawnChoices): AppError | undefined {
  return (
    (c.resume !== undefined ? sessionIdProblem(c.resume) : undefined) ??
    (c.model !== undefined ? modelProblem(c.model) : undefined) ??
    (c.permissionMode !== undefined ? permissionModeProblem(c.permissionMode) : undefined) ??
    (c.fork !== undefined ? forkProblem(c.fork, c.resume) : undefined)
  );
}

function forkProblem(fork: { sessionId: string; at?: string }, resume: string | undefined): AppError | undefined {
  if (!resume) return { kind: 'invalid-input', message: 'Only a saved session can be forked.', hint: 'Send a message first, then fork.' };
  const problem = sessionIdProblem(fork.sessionId);
  if (problem) return problem;
  if (fork.at !== undefined && !SESSION_ID.test(fork.at)) {
    return { kind: 'invalid-input', message: `"${clip(fork.at)}" is not a message id in this session.`, hint: 'Fork from a message of the conversation.' };
  }
  return undefined;
}

/** What a restricted session runs with: the person's own settings only (checked on 2.1.332 and 2.1.337). */
export const RESTRICTED_ARGS = ['--setting-sources', 'user'];

/** Extra argv after the fixed flags. Throws an invalid-input ClideError on a bad value. */
export function spawnArgs(c: SpawnChoices): string[] {
  const problem = spawnChoicesProblem(c);
  if (problem) throw new ClideError(problem);
  const args: string[] = [];
  if (c.resume) args.push('--resume', c.resume);
  // --session-id with --resume is accepted only together with --fork-session (2.1.332).
  if (c.fork) args.push('--fork-session', '--session-id', c.fork.sessionId);
  if (c.fork?.at) args.push('--resume-session-at', c.fork.at);
  if (c.model) args.push('--model', c.model);
  if (c.permissionMode) args.push('--permission-mode', c.permissionMode);
  if (c.restricted) args.push(...RESTRICTED_ARGS);
  return args;
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}
