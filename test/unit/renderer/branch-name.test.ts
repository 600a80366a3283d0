// New session checks a typed branch name as it is typed: the same verdict as the real git
// (`git check-ref-format --branch`), with a reason a person can act on.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { branchNameProblem, worktreeDirOf } from '../../../renderer/src/components/new-session/branch-name';
import { tempRepos } from '../../support/git-repo';

const repos = tempRepos();

const names = [
  'clide/fix-login-1',
  'feature/é-accent',
  'a@b',
  'a$b',
  'v1.2',
  'HEAD',
  '-x',
  'a b',
  ' lead',
  'a\tb',
  'a..b',
  'a/.b',
  '.a',
  'a.lock',
  'x/y.lock/z',
  'a/',
  '/a',
  'a//b',
  'a.',
  'a@{b',
  '@{x',
  'a\\b',
  'a~b',
  'a^b',
  'a:b',
  'a?b',
  'a*b',
  'a[b',
  'bell\u0007',
];

describe('branchNameProblem', () => {
  it('agrees with git check-ref-format --branch on every name', () => {
    const repo = repos();
    for (const name of names) {
      let gitSays: boolean;
      try {
        execFileSync('git', ['check-ref-format', '--branch', name], { cwd: repo.root, env: repo.env, stdio: 'pipe' });
        gitSays = true;
      } catch {
        gitSays = false;
      }
      expect(branchNameProblem(name) === undefined, `${JSON.stringify(name)}: git says ${gitSays ? 'valid' : 'invalid'}`).toBe(gitSays);
    }
  });

  it('refuses "@" too, which --branch would quietly turn into the current branch', () => {
    expect(branchNameProblem('@')).toContain('reserved');
  });

  it('says why, in words', () => {
    expect(branchNameProblem('')).toBe('Type a branch name.');
    expect(branchNameProblem('fix login')).toBe('A branch name cannot contain spaces.');
    expect(branchNameProblem('a..b')).toBe('A branch name cannot contain “..”.');
    expect(branchNameProblem('a:b')).toBe('A branch name cannot contain “:”.');
  });
});

describe('worktreeDirOf', () => {
  it('puts another branch beside the suggested one, its slashes made dashes', () => {
    expect(worktreeDirOf('/home/ada/.clide/worktrees/api/clide-session-1', 'me/fix/login')).toBe('/home/ada/.clide/worktrees/api/me-fix-login');
    expect(worktreeDirOf('C:\\Users\\ada\\.clide\\worktrees\\api\\clide-session-1', 'me/x')).toBe('C:\\Users\\ada\\.clide\\worktrees\\api\\me-x');
  });
});
