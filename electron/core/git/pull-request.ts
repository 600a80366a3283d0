// "Create pull request" through the GitHub CLI: offered when `gh` is installed and logged in
// and the repository has a remote; otherwise the answer says what to install or run. Creating
// one pushes the branch, then opens the PR with the title and body given.
import { execFile } from 'node:child_process';
import type { PullRequestCheck, WorktreeInfo } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import { text, type GitRunner } from './runner';

const GH_TIMEOUT_MS = 60_000;
const PUSH_TIMEOUT_MS = 5 * 60_000;

interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
  missing?: boolean;
}

/** Run a tool without a shell, never failing: the caller reads the result. */
function tool(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<ToolResult> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      {
        cwd: opts.cwd,
        env: { ...opts.env, GH_PROMPT_DISABLED: '1', GIT_TERMINAL_PROMPT: '0', NO_COLOR: '1' },
        timeout: opts.timeoutMs ?? GH_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: string | number }) | null;
        if (e && e.code === 'ENOENT') resolve({ code: -1, stdout: '', stderr: '', missing: true });
        else resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

export interface GhOptions {
  gh?: string;
  env: NodeJS.ProcessEnv;
}

export async function checkPullRequest(git: GitRunner, wt: WorktreeInfo, opts: GhOptions): Promise<PullRequestCheck> {
  const remotes = text(await git.run(['remote'], { cwd: wt.worktreeDir, readOnly: true }))
    .split('\n')
    .filter(Boolean);
  const remote = remotes.includes('origin') ? 'origin' : remotes[0];
  if (!remote) {
    return {
      available: false,
      problem: 'no-remote',
      reason: 'This repository has no remote to push the branch to.',
      hint: 'Add one with `git remote add origin <url>`.',
    };
  }
  const gh = opts.gh ?? 'gh';
  const version = await tool(gh, ['--version'], { cwd: wt.worktreeDir, env: opts.env });
  if (version.missing) {
    return {
      available: false,
      problem: 'gh-missing',
      reason: 'The GitHub CLI (gh) is not installed.',
      hint: 'Install it from https://cli.github.com, then run `gh auth login`.',
      remote,
    };
  }
  const auth = await tool(gh, ['auth', 'status'], { cwd: wt.worktreeDir, env: opts.env });
  if (auth.code !== 0) {
    return { available: false, problem: 'gh-logged-out', reason: 'The GitHub CLI is not logged in.', hint: 'Run `gh auth login` in a terminal.', remote };
  }
  return { available: true, remote };
}

/** Push the branch and open the pull request; refused with the check's reason when gh cannot. */
export async function createPullRequest(git: GitRunner, wt: WorktreeInfo, pr: { title: string; body: string }, opts: GhOptions): Promise<{ url: string }> {
  const check = await checkPullRequest(git, wt, opts);
  if (!check.available || !check.remote) {
    throw new ClideError({ kind: 'invalid-input', message: check.reason ?? 'A pull request cannot be created here.', hint: check.hint });
  }
  await git.run(['push', '-u', check.remote, `refs/heads/${wt.branch}:refs/heads/${wt.branch}`], { cwd: wt.worktreeDir, timeoutMs: PUSH_TIMEOUT_MS });
  const out = await tool(opts.gh ?? 'gh', ['pr', 'create', '--title', pr.title, '--body', pr.body, '--base', wt.base, '--head', wt.branch], {
    cwd: wt.worktreeDir,
    env: opts.env,
    timeoutMs: PUSH_TIMEOUT_MS,
  });
  if (out.code !== 0) {
    throw new ClideError({ kind: 'git-failed', message: 'gh pr create failed.', detail: `${out.stdout}${out.stderr}`.trim() || undefined, exitCode: out.code });
  }
  const url = out.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^https?:\/\//.test(l))
    .at(-1);
  return { url: url ?? out.stdout.trim() };
}
