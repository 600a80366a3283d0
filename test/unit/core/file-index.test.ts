// @-mention suggestions: a bounded walk that skips dependencies and build output, and a fuzzy
// ranking that puts the file people mean first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileIndex, fuzzyScore, rankFiles } from '../../../electron/core/file-index';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-files-'));
const files = [
  'README.md',
  'package.json',
  'src/router.ts',
  'src/routes/health.ts',
  'src/lib/format-router-path.ts',
  'test/router.test.ts',
  'node_modules/express/router.js',
  '.git/HEAD',
  'dist/router.js',
  'logs/today.log',
  'secret.env',
  'notes/app.log',
];
for (const f of files) {
  fs.mkdirSync(path.join(root, path.dirname(f)), { recursive: true });
  fs.writeFileSync(path.join(root, f), 'x');
}
fs.writeFileSync(path.join(root, '.gitignore'), '# comment\nlogs/\n*.log\n/secret.env\n!keep.me\nsrc/**/generated\n');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('FileIndex', () => {
  it('lists files and folders, skipping dependencies, VCS data, build output and plain .gitignore names', async () => {
    const list = await new FileIndex().list(root);
    const paths = list.entries.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['README.md', 'src/', 'src/router.ts', 'src/routes/health.ts', 'test/router.test.ts']));
    for (const skipped of ['node_modules/', '.git/', 'dist/', 'logs/', 'secret.env', 'notes/app.log']) expect(paths).not.toContain(skipped);
    expect(paths.some((p) => p.startsWith('node_modules') || p.startsWith('dist'))).toBe(false);
    expect(list.entries.find((e) => e.path === 'src/')?.folder).toBe(true);
    expect(list.truncated).toBe(false);
  });

  it("follows git's rules for every .gitignore in the tree: anchors, globs, folders only, negation, deeper files first", async () => {
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-gitignore-'));
    try {
      const put = (f: string, text = 'x') => {
        fs.mkdirSync(path.join(tree, path.dirname(f)), { recursive: true });
        fs.writeFileSync(path.join(tree, f), text);
      };
      put('.gitignore', '/secret.env\n*.log\n!keep.log\nsrc/**/generated/\ncache\n');
      for (const f of [
        'secret.env',
        'sub/secret.env',
        'a.log',
        'keep.log',
        'sub/b.log',
        'src/x/generated/g.ts',
        'src/x/generated.ts',
        'cache',
        'pkg/cache/c.txt',
      ])
        put(f);
      put('pkg/.gitignore', '!*.log\nlocal.txt\n');
      put('pkg/debug.log');
      put('pkg/local.txt');
      put('local.txt');
      const paths = (await new FileIndex().list(tree)).entries.map((e) => e.path);
      for (const kept of ['sub/secret.env', 'keep.log', 'src/x/generated.ts', 'pkg/debug.log', 'local.txt', '.gitignore']) expect(paths).toContain(kept);
      for (const skipped of ['secret.env', 'a.log', 'sub/b.log', 'src/x/generated/', 'src/x/generated/g.ts', 'cache', 'pkg/cache/', 'pkg/local.txt'])
        expect(paths).not.toContain(skipped);
    } finally {
      fs.rmSync(tree, { recursive: true, force: true });
    }
  });

  it('stops at the entry limit and says the list is incomplete', async () => {
    const list = await new FileIndex({ maxEntries: 3 }).list(root);
    expect(list.entries).toHaveLength(3);
    expect(list.truncated).toBe(true);
  });

  it('walks a folder once within the cache time, again after it', async () => {
    let t = 0;
    const index = new FileIndex({ ttlMs: 1000, now: () => t });
    const first = index.list(root);
    expect(index.list(root)).toBe(first);
    t = 2000;
    expect(index.list(root)).not.toBe(first);
  });

  it('a missing folder is an error, not an empty list', async () => {
    await expect(new FileIndex().list(path.join(root, 'nope'))).rejects.toThrow();
  });
});

describe('fuzzy ranking', () => {
  const entries = [
    { path: 'src/', folder: true },
    { path: 'src/router.ts', folder: false },
    { path: 'src/routes/', folder: true },
    { path: 'src/routes/health.ts', folder: false },
    { path: 'src/lib/format-router-path.ts', folder: false },
    { path: 'test/router.test.ts', folder: false },
    { path: 'README.md', folder: false },
  ];

  it('puts a file whose name starts with the query first', () => {
    const ranked = rankFiles(entries, 'rout').map((e) => e.path);
    expect(ranked.slice(0, 3).sort()).toEqual(['src/router.ts', 'src/routes/', 'test/router.test.ts']);
    // A name that merely contains the query comes after names that start with it.
    expect(ranked.indexOf('src/lib/format-router-path.ts')).toBeGreaterThan(2);
  });

  it('matches subsequences across folders (srh -> src/routes/health.ts)', () => {
    expect(rankFiles(entries, 'srh')[0]?.path).toBe('src/routes/health.ts');
    expect(fuzzyScore('src/routes/health.ts', 'zzz')).toBeUndefined();
  });

  it('is case-insensitive and shows the top of the folder for an empty query', () => {
    expect(rankFiles(entries, 'readme')[0]?.path).toBe('README.md');
    expect(rankFiles(entries, '').map((e) => e.path)).toEqual(['src/', 'README.md']);
  });
});
