// Temporary git repositories for vitest files (see temp-repo.ts): `tempRepos()` at the top of a
// file, and each repository made in a test is removed after it.
import fs from 'node:fs';
import { afterEach } from 'vitest';
import { makeRepo, type RepoOptions, type TempRepo } from './temp-repo';

export { gitTestEnv, lines, makeRepo, type RepoOptions, type TempRepo } from './temp-repo';

/** Call at the top of a test file; each repository made in a test is removed after it. */
export function tempRepos(): (opts?: RepoOptions) => TempRepo {
  let made: string[] = [];
  afterEach(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
    made = [];
  });
  return (opts = {}) => {
    const repo = makeRepo(opts);
    made.push(repo.base);
    return repo;
  };
}
