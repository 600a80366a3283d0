// `claude` on a remote host: finding it, starting it with the same flags as locally, and
// making sure an old one is gone. Everything here is a POSIX sh script run over the host's
// shared connection; every value in it is quoted (shell-quote.ts).
//
// - Found through a login shell's PATH (where the person's profile puts it), then the usual
//   install locations, like find-claude.ts does locally.
// - Started with that PATH (an npm-installed claude needs its `node`), the variables clide
//   forwards (export lines on stdin, never on a command line another user's `ps` could read),
//   and its pid written to a file, so a reconnect can check that the previous one is gone.
import type { AppError } from '../../../shared/result';
import { shAssign, shQuote, shWords } from './shell-quote';

export interface RemoteEnvironment {
  home: string;
  /** The login shell's PATH. */
  path: string;
  /** Where claude is, or undefined. */
  claude: string | undefined;
}

/** Where pid files of the claude processes clide started live on the host. */
const RUN_DIR = '"$HOME/.cache/clide/run"';

/** Exit codes of the launch script, told apart from claude's own. */
export const EXIT_NO_FOLDER = 97;
export const EXIT_NO_CLAUDE = 98;

export const REMOTE_INSTALL = 'npm install -g @anthropic-ai/claude-code';

export const DISCOVER_SCRIPT = `
h=$HOME
p=$("\${SHELL:-/bin/sh}" -lc 'printf "\\n%s\\n" "$PATH"' </dev/null 2>/dev/null | tail -n 1)
case $p in /*) PATH=$p ;; esac
c=$(command -v claude 2>/dev/null)
case $c in /*) ;; *) c= ;; esac
try() { [ -z "$c" ] && [ -f "$1" ] && [ -x "$1" ] && c=$1; }
try "$h/.local/bin/claude"
try "$h/.claude/local/claude"
try "$h/.npm-global/bin/claude"
try "$h/.bun/bin/claude"
try /opt/homebrew/bin/claude
try /usr/local/bin/claude
if [ -z "$c" ] && command -v npm >/dev/null 2>&1; then try "$(npm prefix -g 2>/dev/null)/bin/claude"; fi
printf 'home=%s\\0path=%s\\0claude=%s\\0' "$h" "$PATH" "$c"
`;

export function parseDiscovery(stdout: Buffer): RemoteEnvironment | undefined {
  const fields = new Map<string, string>();
  for (const part of stdout.toString('utf8').split('\0')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).replace(/^[\s\S]*\n/, ''), part.slice(at + 1));
  }
  const home = fields.get('home');
  if (!home) return undefined;
  return { home, path: fields.get('path') ?? '', claude: fields.get('claude') || undefined };
}

export function missingClaude(label: string): AppError {
  return {
    kind: 'cli-not-found',
    message: `Claude Code is not installed on ${label} (not on the login shell's PATH, nor in ~/.local/bin, ~/.claude/local or the npm global folder).`,
    hint: `Install it there (ssh ${label}, then: ${REMOTE_INSTALL}, or the installer from claude.com) and log in once with \`claude\`, then try again.`,
  };
}

export interface LaunchScript {
  env: RemoteEnvironment;
  /** The tab's id: names its pid file. */
  tabId: string;
  cwd: string;
  args: readonly string[];
  /** Variables for claude (forwarded ones and the protocol's). */
  vars: Record<string, string>;
}

/**
 * The script a session's channel runs: the tab's earlier claude ended if it still runs (a drop
 * can leave one finishing its turn, and the CLI refuses to resume a session in use), then the
 * environment, the pid file, the folder, and exec claude.
 */
export function launchScript(l: LaunchScript): string {
  const claude = l.env.claude ?? 'claude';
  const exports = [shAssign('PATH', l.env.path), ...Object.entries(l.vars).map(([k, v]) => shAssign(k, v))];
  return [
    `( ${reapScript(l.tabId)} ) >/dev/null 2>&1`,
    `export ${exports.join(' ')}`,
    `mkdir -p ${RUN_DIR} 2>/dev/null && echo $$ > ${RUN_DIR}/${shQuote(`${l.tabId}.pid`)}`,
    `cd ${shQuote(l.cwd)} 2>/dev/null || { printf 'clide: there is no folder %s on this host.\\n' ${shQuote(l.cwd)} >&2; exit ${EXIT_NO_FOLDER}; }`,
    `[ -x ${shQuote(claude)} ] || { printf 'clide: claude is no longer at %s.\\n' ${shQuote(claude)} >&2; exit ${EXIT_NO_CLAUDE}; }`,
    `exec ${shWords([claude, ...l.args])}`,
  ].join('\n');
}

/**
 * End the claude a tab started earlier if it still runs: only a process whose command line is
 * a stream-json claude (a reused pid is left alone), its whole process group (its tools), TERM
 * then KILL. Prints `ended <pid>` when it ended one, `none` otherwise.
 */
export function reapScript(tabId: string, graceTenths = 50): string {
  const file = `${RUN_DIR}/${shQuote(`${tabId}.pid`)}`;
  return `
f=${file}
pid=$(cat "$f" 2>/dev/null)
case $pid in ''|*[!0-9]*) echo none; exit 0 ;; esac
alive() { kill -0 "$pid" 2>/dev/null; }
if alive && ps -p "$pid" -o args= 2>/dev/null | grep -q -- '--input-format stream-json'; then
  kill -TERM -"$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
  i=0
  while alive && [ $i -lt ${graceTenths} ]; do sleep 0.1 2>/dev/null || sleep 1; i=$((i+1)); done
  if alive; then kill -KILL -"$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null; fi
  rm -f "$f"
  echo "ended $pid"
else
  rm -f "$f"
  echo none
fi
`;
}
