// A session whose claude runs on a remote host: the SessionPlace a Session is given. Before each
// start the host's connection is made (or reused), claude found there, and the claude this tab
// ran before (if a drop left it running) ended, so --resume never meets a session in use.
import type { AppError } from '../../../shared/result';
import { toAppError } from '../../../shared/result';
import type { LaunchSpec } from '../protocol/connection';
import { PROTOCOL_ENV } from '../protocol/connection';
import type { ExitInfo } from '../protocol/transport';
import type { SessionPlace } from '../session-options';
import { EXIT_NO_CLAUDE, EXIT_NO_FOLDER, launchScript, missingClaude, type RemoteEnvironment } from './remote-claude';
import { lostProblem, sshMissing } from './ssh-errors';
import type { SshMaster } from './ssh-master';

/** What a place needs of its host (remote-service.ts). */
export interface PlaceHost {
  readonly location: string;
  readonly master: SshMaster;
  /** The host's home, PATH and claude (found once per connection). */
  environment(): Promise<RemoteEnvironment>;
  /** The same, when it is known and the connection is up (a start can go ahead at once). */
  readonly known: RemoteEnvironment | undefined;
  /** Variables sent to the remote claude (the forwarded ones), by name. */
  forwarded(): Record<string, string>;
  /** End this tab's earlier claude if it still runs there. */
  reap(tabId: string): Promise<string>;
  /** The local folder ssh itself runs in, and its environment. */
  readonly localCwd: string;
  readonly sshEnv: NodeJS.ProcessEnv;
}

export class RemotePlace implements SessionPlace {
  private env: RemoteEnvironment | undefined;

  constructor(
    private readonly host: PlaceHost,
    readonly tabId: string,
  ) {}

  get location(): string {
    return this.host.location;
  }

  /** Connected with claude found: the process can start now, without waiting. */
  get ready(): boolean {
    const env = this.host.known;
    if (env?.claude) this.env = env;
    return env?.claude !== undefined;
  }

  /** Connect (a login may ask the person) and find claude; or why that failed. */
  async prepare(): Promise<AppError | undefined> {
    try {
      this.env = await this.host.environment();
      return this.env.claude ? undefined : missingClaude(this.location);
    } catch (err) {
      return toAppError(err);
    }
  }

  launch(spec: LaunchSpec): LaunchSpec {
    const env = this.env ?? { home: '', path: '', claude: undefined };
    const vars: Record<string, string> = { ...this.host.forwarded() };
    for (const k of Object.keys(PROTOCOL_ENV)) if (spec.env[k] !== undefined) vars[k] = spec.env[k]!;
    const channel = this.host.master.channel(launchScript({ env, tabId: this.tabId, cwd: spec.cwd, args: spec.args, vars }));
    return { command: channel.command, args: channel.args, cwd: this.host.localCwd, env: this.host.sshEnv, preamble: channel.preamble };
  }

  exitProblem(info: ExitInfo, stderr: string, resumable: boolean): AppError | undefined {
    if (info.spawnError) return sshMissing(info.spawnError);
    if (info.code === EXIT_NO_FOLDER) {
      return {
        kind: 'cwd-missing',
        message: `That folder does not exist on ${this.location}.`,
        hint: 'Start a session in an existing folder there.',
        detail: stderr || undefined,
      };
    }
    if (info.code === EXIT_NO_CLAUDE) return { ...missingClaude(this.location), detail: stderr || undefined };
    // 255 is ssh's own failure; a signal means the local ssh was ended by someone else.
    // The channel's ssh often says nothing when the shared connection under it died: the
    // master's words are the cause then (if it has noticed yet; the host adds them when it does).
    if (info.code === 255 || info.signal) return lostProblem(this.location, [stderr, this.host.master.lastCause].filter(Boolean).join('\n'), resumable);
    return undefined;
  }

  /** After the tab closed: the remote claude must not outlive it (stdin closed; if not, signalled). */
  async ended(): Promise<void> {
    if (!this.host.master.connected) return;
    try {
      await this.host.reap(this.tabId);
    } catch {
      // The connection went away meanwhile: the remote claude lost its stdin and ends itself;
      // the next start on this tab checks again.
    }
  }
}
