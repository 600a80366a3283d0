// When the desktop app looks for an update, what it tells the person, and when it installs.
// - Background checks: a while after start, then every few hours; never when the app runs from
//   source (not packaged) or the person switched them off. Their failures are only logged (a
//   laptop offline is no news); what they find is downloaded quietly and announced once ready.
// - A check the person asks for (menu, palette) says how it went: up to date, downloading, or
//   what went wrong in plain words.
// - A downloaded update is installed when clide quits (electron-updater's install on quit, after
//   the sessions have closed) or at "Restart now", which is refused while any turn runs.
// electron-updater itself stays behind UpdaterPort (electron/shell/updater.ts), so this file
// runs, and is tested, under plain Node.
import type { UpdateState } from '../../../shared/desktop';
import { ClideError } from '../../../shared/result';
import type { UpdateSettings } from '../../../shared/settings';
import { updateFeed, type UpdateFeed } from './update-feed';
import { updateErrorWords } from './update-words';

/** What the shell's electron-updater does for this service. */
export interface UpdaterPort {
  /**
   * Look for a newer version at `feed`. Undefined: none. Found: it is downloaded (and its
   * checksum verified); `downloaded` settles when that is done. Rejects when the check fails.
   */
  check(feed: UpdateFeed): Promise<{ version: string; downloaded: Promise<void> } | undefined>;
  onProgress(listener: (percent: number) => void): void;
  /** Quit (the sessions close as on any quit), install the downloaded update and start it. */
  install(): void;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface UpdateServiceOptions {
  /** Absent: the browser host, whose code comes from its checkout. */
  updater?: UpdaterPort;
  /** Electron's app.isPackaged: false when run from source. */
  packaged: boolean;
  settings(): UpdateSettings;
  env?: NodeJS.ProcessEnv;
  /** How many sessions are in the middle of a turn (working, or waiting for the person). */
  turnsRunning(): number;
  emit(state: UpdateState): void;
  timers?: Timers;
  /** The first background check, after start (lets the app settle first). */
  firstCheckMs?: number;
  /** Between background checks. */
  intervalMs?: number;
  log?(message: string): void;
}

export const FIRST_CHECK_MS = 60_000;
export const CHECK_INTERVAL_MS = 4 * 60 * 60_000;

const realTimers: Timers = {
  setTimeout: (run, ms) => {
    const t = setTimeout(run, ms);
    // A pending check never keeps the process alive.
    t.unref?.();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class UpdateService {
  private current: UpdateState;
  private timer: unknown;
  private running: Promise<void> | undefined;
  /** The running check was asked for by the person (its outcome is shown). */
  private manual = false;
  private checkedOnce = false;
  private lastPercent = -1;
  private readonly timers: Timers;

  constructor(private readonly opts: UpdateServiceOptions) {
    this.timers = opts.timers ?? realTimers;
    this.current = { phase: !opts.updater ? 'unsupported' : !opts.packaged ? 'development' : 'idle', shown: false };
    opts.updater?.onProgress((percent) => this.progress(percent));
  }

  state(): UpdateState {
    return this.current;
  }

  /** Start the background schedule (a no-op where checks are off). */
  start(): void {
    this.arm();
  }

  /** Settings changed: switching automatic checks on or off takes effect at once. */
  settingsChanged(): void {
    this.arm();
  }

  dispose(): void {
    this.disarm();
  }

  /** A check the person asked for. The answer is the state once the check itself is over. */
  async checkNow(): Promise<UpdateState> {
    if (this.current.phase === 'unsupported' || this.current.phase === 'development') return this.set({ ...this.current, shown: true });
    // A downloaded update is the newest this run will get: say so again rather than look.
    if (this.current.phase === 'ready') return this.set({ ...this.current, shown: true });
    this.manual = true;
    if (this.current.phase === 'downloading') return this.set({ ...this.current, shown: true });
    await this.run();
    return this.current;
  }

  restartToUpdate(): void {
    if (this.current.phase !== 'ready' || !this.opts.updater) {
      throw new ClideError({ kind: 'invalid-input', message: 'No update has been downloaded yet.', hint: 'Use "Check for updates" to look for one.' });
    }
    const turns = this.opts.turnsRunning();
    if (turns > 0) {
      throw new ClideError({
        kind: 'session-busy',
        message: `Claude is still working in ${turns === 1 ? 'a tab' : `${turns} tabs`}, so clide will not restart now.`,
        hint: 'Restart once the turn has finished (or stop it). The update is also installed whenever clide quits.',
      });
    }
    this.opts.updater.install();
  }

  dismiss(): UpdateState {
    return this.set({ ...this.current, shown: false });
  }

  private arm(): void {
    this.disarm();
    const { updater, packaged } = this.opts;
    if (!updater || !packaged || !this.opts.settings().auto || this.current.phase === 'ready') return;
    const delay = this.checkedOnce ? (this.opts.intervalMs ?? CHECK_INTERVAL_MS) : (this.opts.firstCheckMs ?? FIRST_CHECK_MS);
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.run().finally(() => this.arm());
    }, delay);
  }

  private disarm(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One check (joined by anyone who asks while it runs). */
  private run(): Promise<void> {
    this.running ??= this.checkOnce().finally(() => {
      this.running = undefined;
      this.manual = false;
    });
    return this.running;
  }

  private async checkOnce(): Promise<void> {
    const updater = this.opts.updater!;
    this.checkedOnce = true;
    const choice = updateFeed(this.opts.settings(), this.opts.env ?? process.env);
    if (!choice.ok) return this.failed(choice.message, false);
    this.set({ phase: 'checking', shown: this.manual });
    let found: { version: string; downloaded: Promise<void> } | undefined;
    try {
      found = await updater.check(choice.feed);
    } catch (err) {
      return this.failed(updateErrorWords(err), false, err);
    }
    if (!found) {
      this.set(this.manual ? { phase: 'up-to-date', shown: true } : { phase: 'idle', shown: false });
      return;
    }
    const { version } = found;
    this.lastPercent = -1;
    this.set({ phase: 'downloading', version, shown: this.manual });
    // The check is answered; the download goes on without holding the caller.
    void found.downloaded.then(
      () => {
        this.set({ phase: 'ready', version, shown: true });
        this.disarm();
      },
      // A found update that fails to download is worth saying even after a background check.
      (err: unknown) => void this.failed(updateErrorWords(err), true, err),
    );
  }

  private failed(message: string, always: boolean, err?: unknown): void {
    this.opts.log?.(`[clide] update check failed: ${err instanceof Error ? err.message : message}`);
    if (this.manual || always) this.set({ phase: 'error', message, shown: true });
    else this.set({ phase: 'idle', shown: false });
  }

  private progress(percent: number): void {
    if (this.current.phase !== 'downloading') return;
    // Whole percents only: the download reports many times a second.
    const whole = Math.floor(percent);
    if (whole === this.lastPercent) return;
    this.lastPercent = whole;
    this.set({ ...this.current, percent: whole });
  }

  private set(state: UpdateState): UpdateState {
    this.current = state;
    this.opts.emit(state);
    return state;
  }
}
