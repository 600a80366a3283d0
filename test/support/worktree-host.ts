// Isolated sessions in integration tests: a temp repository, a SessionHost over a real-CLI
// sandbox started in it, and its channels called through the same dispatch the windows use.
import { createHandlers, dispatch } from '../../electron/core/api-handlers';
import type { HostOptions, SessionHost } from '../../electron/core/host';
import type { AppError } from '../../shared/result';
import type { FakeReply, Responder } from './fake-api';
import type { TempRepo, RepoOptions } from './git-repo';
import type { CliSandbox } from './real-cli';
import type { OnRealCli } from './real-cli-hosts';
import { waitFor } from './wait';

export interface WorktreeLab {
  repo: TempRepo;
  sandbox: CliSandbox;
  host: SessionHost;
  /** Call a channel; throws with the typed error when it fails. */
  call<T = unknown>(channel: string, input: unknown): Promise<T>;
  /** Call a channel that must fail; returns its error. */
  refused(channel: string, input: unknown): Promise<AppError>;
  /**
   * A new isolated session in the repository, its worktree set up and ready for Claude (which
   * starts with the first message, or at once when nothing is cached yet).
   */
  isolated(extra?: Record<string, unknown>, opts?: { ready?: boolean }): Promise<{ id: string; dir: string; branch: string }>;
}

export function worktreeLabs(onRealCli: OnRealCli, repos: (o?: RepoOptions) => TempRepo) {
  return async (script: Responder | FakeReply[] = [], repoOpts: RepoOptions = {}, hostOpts: Partial<HostOptions> = {}): Promise<WorktreeLab> => {
    const repo = repos(repoOpts);
    const { sandbox, host } = await onRealCli(script, { defaultCwd: repo.root, git: { debounceMs: 50, maxWaitMs: 500 }, ...hostOpts });
    const handlers = createHandlers(host);
    const call = async <T>(channel: string, input: unknown): Promise<T> => {
      const r = await dispatch(handlers, channel, input);
      if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`);
      return r.value as T;
    };
    const refused = async (channel: string, input: unknown): Promise<AppError> => {
      const r = await dispatch(handlers, channel, input);
      if (r.ok) throw new Error(`${channel} was expected to fail but answered ${JSON.stringify(r.value)}`);
      return r.error;
    };
    const isolated: WorktreeLab['isolated'] = async (extra = {}, opts = {}) => {
      const { id } = await call<{ id: string }>('session:create', { cwd: repo.root, worktree: {}, ...extra });
      const wt = await waitFor(() => host.view(id).worktree, 'the worktree event');
      if (opts.ready !== false) {
        await waitFor(
          () => {
            const v = host.view(id);
            return v.worktree?.state === 'ready' && (v.status === 'ready' || v.status === 'not-started');
          },
          'the worktree ready for Claude',
          60_000,
        );
      }
      return { id, dir: wt.info.worktreeDir, branch: wt.info.branch };
    };
    return { repo, sandbox, host, call, refused, isolated };
  };
}
