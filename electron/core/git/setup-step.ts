// One worktree's setup as the tab lives it: copy the `.env*` files, ask for the one-time
// confirmation of a committed `.clide/setup`, run the command with its output streamed as
// events, and say how it ended. Claude starts when this says so (`onReady`), or when the
// person chooses to start anyway.
import type { SessionEvent } from '../../../shared/events';
import type { WorktreeInfo } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import type { RepositorySettings } from '../../../shared/settings';
import type { GitRunner } from './runner';
import { copyEnvFiles, planSetup, runSetup, type SetupPlan, type SetupRun } from './setup';

export interface SetupStepOptions {
  git: GitRunner;
  worktree: WorktreeInfo;
  env: NodeJS.ProcessEnv;
  repository: () => RepositorySettings | undefined;
  /** The person allowed this content of the setup file (remembered per repository). */
  confirmed: (hash: string) => void;
  emit: (events: SessionEvent[]) => void;
  onReady: () => void;
  timeoutMs?: number;
}

export class SetupStep {
  private phase: 'idle' | 'running' | 'confirm' | 'failed' | 'done' = 'idle';
  private run: SetupRun | undefined;
  private plan: SetupPlan | undefined;
  private stopped = false;

  constructor(private readonly opts: SetupStepOptions) {}

  get state(): SetupStep['phase'] {
    return this.phase;
  }

  async start(): Promise<void> {
    if (this.phase === 'running' || this.phase === 'confirm') return;
    const { worktree } = this.opts;
    const plan = planSetup(worktree.worktreeDir, this.opts.repository());
    this.plan = plan;
    this.phase = 'running';
    this.opts.emit([
      {
        kind: 'setup-started',
        source: plan.source,
        command: plan.source === 'settings' ? plan.command : plan.source === 'file' ? plan.file : undefined,
        at: Date.now(),
      },
    ]);
    try {
      await copyEnvFiles(this.opts.git, worktree.repoRoot, worktree.worktreeDir, (line) => this.say('info', line));
    } catch (err) {
      this.say('info', `Could not look for .env files: ${(err as Error).message}\n`);
    }
    if (this.stopped) return this.finish({ ok: false, exitCode: null, error: 'The setup was stopped.' }, false);
    if (plan.source === 'env-only') return this.finish({ ok: true, exitCode: 0 });
    if (plan.source === 'file' && !plan.confirmed) {
      this.phase = 'confirm';
      this.opts.emit([{ kind: 'setup-confirm', file: plan.file, content: plan.content, hash: plan.hash }]);
      return;
    }
    this.execute(plan);
  }

  /** The person's answer to the setup file: run it (and remember that content), or skip it. */
  answer(hash: string, run: boolean): void {
    const plan = this.plan;
    if (this.phase !== 'confirm' || plan?.source !== 'file' || plan.hash !== hash) {
      throw new ClideError({ kind: 'invalid-input', message: 'No setup file is waiting for that confirmation (it may have changed since it was shown).' });
    }
    if (!run) return this.finish({ ok: true, exitCode: null, skipped: true });
    this.opts.confirmed(hash);
    this.phase = 'running';
    this.execute(plan);
  }

  /** Stop a running setup (start anyway, or the tab closed). */
  stop(): void {
    this.stopped = true;
    // Waiting for the person: the setup file was not run.
    if (this.phase === 'confirm') this.finish({ ok: true, exitCode: null, skipped: true }, false);
    this.run?.stop();
  }

  private execute(plan: Exclude<SetupPlan, { source: 'env-only' }>): void {
    this.say('info', `$ ${plan.source === 'settings' ? plan.command : plan.file}\n`);
    const run = runSetup({
      cwd: this.opts.worktree.worktreeDir,
      plan,
      env: this.opts.env,
      output: (stream, text) => this.say(stream, text),
      timeoutMs: this.opts.timeoutMs,
    });
    this.run = run;
    void run.done.then((r) => {
      this.run = undefined;
      if (this.stopped) return this.finish({ ok: false, exitCode: r.exitCode, signal: r.signal, error: 'The setup was stopped.' }, false);
      const ok = r.exitCode === 0 && !r.error;
      this.finish({
        ok,
        exitCode: r.exitCode,
        signal: r.signal,
        error: r.error ?? (ok ? undefined : `The setup ${r.signal ? `was ended by ${r.signal}` : `exited with code ${r.exitCode}`}; Claude has not started.`),
      });
    });
  }

  private finish(r: { ok: boolean; exitCode: number | null; signal?: string | null; error?: string; skipped?: boolean }, ready = r.ok): void {
    this.phase = r.ok ? 'done' : 'failed';
    this.opts.emit([{ kind: 'setup-finished', ok: r.ok, exitCode: r.exitCode, signal: r.signal, error: r.error, skipped: r.skipped, at: Date.now() }]);
    if (ready) this.opts.onReady();
  }

  private say(stream: 'out' | 'err' | 'info', text: string): void {
    if (text) this.opts.emit([{ kind: 'setup-output', stream, text }]);
  }
}
