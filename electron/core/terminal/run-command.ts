// Run: the repository's run command (e.g. `npm run dev`) in a terminal of the session, in its
// folder (its worktree for an isolated session). The command is the person's, set in Settings,
// or a committed `.clide/run`: that comes from the repository, so the window shows its content
// and the person allows it once per content (the hash is remembered per repository, as for
// `.clide/setup`), with a 'run-file' nonce the core checks. One Run per session: running it
// again stops the previous one (its whole process group) and closes its tab first.
import fs from 'node:fs';
import path from 'node:path';
import type { RepositorySettings } from '../../../shared/settings';
import { RUN_TITLE, type TerminalRun } from '../../../shared/terminal';
import { ClideError } from '../../../shared/result';
import { setupHash } from '../git/setup';
import { localOnly, type TerminalService } from './terminal-service';

export const RUN_FILE = '.clide/run';

export type RunPlan =
  { source: 'none' } | { source: 'settings'; command: string } | { source: 'file'; file: string; content: string; hash: string; confirmed: boolean };

/** What Run starts: the person's command from Settings wins over the repository's file. */
export function planRun(folder: string, repo: RepositorySettings | undefined): RunPlan {
  const command = repo?.runCommand?.trim();
  if (command) return { source: 'settings', command };
  const file = path.join(folder, RUN_FILE);
  let content: string;
  try {
    if (!fs.lstatSync(file).isFile()) return { source: 'none' };
    content = fs.readFileSync(file, 'utf8');
  } catch {
    return { source: 'none' };
  }
  const hash = setupHash(content);
  return { source: 'file', file, content, hash, confirmed: repo?.runConfirmed === hash };
}

/** The command line for the shell: the file itself when it names its interpreter (`#!` and executable), else sh reads it. */
export function fileCommand(file: string, content: string): string {
  const quoted = `'${file.replace(/'/g, `'\\''`)}'`;
  let executable = false;
  try {
    fs.accessSync(file, fs.constants.X_OK);
    executable = true;
  } catch {
    // Not executable: sh reads it.
  }
  return content.startsWith('#!') && executable ? quoted : `/bin/sh ${quoted}`;
}

export interface RunCommandsOptions {
  terminals: TerminalService;
  /** The session's folder, and its remote host (absent: this computer). */
  place(sessionId: string): { cwd: string; remote?: string };
  /** The key of the folder's repository in Settings (its main checkout), or undefined outside git. */
  repositoryOf(cwd: string): Promise<string | undefined>;
  repository(root: string): RepositorySettings | undefined;
  /** The person allowed this content of the run file (remembered per repository). */
  confirmed(root: string, hash: string): void;
}

export class RunCommands {
  /** Each session's Run terminal. */
  private readonly current = new Map<string, string>();

  constructor(private readonly opts: RunCommandsOptions) {}

  /**
   * Start the run command. `confirm` spends the window's 'run-file' nonce for a hash (throws when
   * it is not for it); without it, a file not allowed in this content is answered with itself.
   */
  async run(sessionId: string, size: { cols?: number; rows?: number }, confirm: ((hash: string) => void) | undefined): Promise<TerminalRun> {
    const place = this.opts.place(sessionId);
    localOnly(place.remote, 'Run is');
    const root = (await this.opts.repositoryOf(place.cwd)) ?? place.cwd;
    const plan = planRun(place.cwd, this.opts.repository(root));
    if (plan.source === 'none') {
      throw new ClideError({
        kind: 'invalid-input',
        message: `${path.basename(root) || root} has no run command.`,
        hint: `Set one in Settings (Worktrees), or commit a ${RUN_FILE} file.`,
      });
    }
    if (plan.source === 'file' && !plan.confirmed) {
      if (!confirm) return { state: 'confirm', file: plan.file, content: plan.content, hash: plan.hash };
      confirm(plan.hash);
      this.opts.confirmed(root, plan.hash);
    }
    const command = plan.source === 'settings' ? plan.command : fileCommand(plan.file, plan.content);
    // One Run at a time: the previous one, and everything it started, ends first.
    const previous = this.current.get(sessionId);
    if (previous) await this.opts.terminals.close(previous);
    const terminal = await this.opts.terminals.create(sessionId, size.cols ?? 80, size.rows ?? 24, { command, title: RUN_TITLE });
    this.current.set(sessionId, terminal.terminalId);
    return { state: 'started', terminal, command: plan.source === 'settings' ? plan.command : plan.file };
  }

  /** The session closed (its terminals end with it, in TerminalService). */
  sessionClosed(sessionId: string): void {
    this.current.delete(sessionId);
  }
}
