// Quick open's ordering, and its speed on 100,000 paths (bench W3: first results <= 50 ms).
import { describe, expect, it } from 'vitest';
import { prepare, search } from '../../../electron/core/files/fuzzy';

const find = (paths: string[], q: string, limit = 10) => search(prepare(paths), q, limit).paths;

describe('quick open matching', () => {
  it('puts the file named so first, then names that start with it, names holding it, paths holding it, scattered letters', () => {
    const paths = [
      'docs/app-notes/readme.md', // "app" in a folder only
      'src/components/app.tsx', // named app (with its extension)
      'src/mapper.ts', // "app" inside the name
      'src/app', // named exactly app
      'src/application.ts', // the name starts with it
      'lib/a-p-p.ts', // scattered
      'lib/other.ts', // no match
    ];
    expect(find(paths, 'app')).toEqual([
      'src/app',
      'src/application.ts',
      'src/components/app.tsx',
      'src/mapper.ts',
      'docs/app-notes/readme.md',
      'lib/a-p-p.ts',
    ]);
  });

  it('prefers letters in the file name and at word starts, and shorter paths among equals', () => {
    expect(find(['src/a.ts', 'src/c.ts'], 'sc')[0]).toBe('src/c.ts');
    expect(find(['src/fooBarBaz.ts', 'src/fobabaz.ts'], 'fbb')[0]).toBe('src/fooBarBaz.ts');
    expect(find(['a/very/long/path/index.ts', 'b/index.ts'], 'index')).toEqual(['b/index.ts', 'a/very/long/path/index.ts']);
  });

  it('ignores case and spaces, matches across folders, and counts every match beyond the limit', () => {
    expect(find(['Electron/Core/Files/Fuzzy.ts'], 'core fuzzy')).toEqual(['Electron/Core/Files/Fuzzy.ts']);
    expect(find(['x/y.ts'], 'xyz')).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => `dir/file${i}.ts`);
    const found = search(prepare(many), 'file', 5);
    expect(found.paths).toHaveLength(5);
    expect(found.total).toBe(30);
  });

  it('answers over 100,000 paths within 50 ms', () => {
    const words = ['src', 'lib', 'components', 'utils', 'test', 'core', 'renderer', 'shared', 'files', 'git', 'api', 'store'];
    const paths: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const a = words[i % words.length]!;
      const b = words[Math.floor(i / words.length) % words.length]!;
      paths.push(`${a}/${b}/module-${i}/${b}${i % 97}-${a}.ts`);
    }
    paths.push('renderer/src/components/files/quick-open.tsx');
    const c = prepare(paths);
    search(c, 'qo', 50); // the first call compiles the code; the listing is prepared once per walk
    // The best of five: the machine is shared, and a busy neighbour should not fail the matcher.
    for (const q of ['quickopen', 'rcfq', 'module-5', 'x']) {
      let ms = Infinity;
      let found: string[] = [];
      for (let run = 0; run < 5; run++) {
        const t0 = performance.now();
        found = search(c, q, 50).paths;
        ms = Math.min(ms, performance.now() - t0);
      }
      expect(ms, `"${q}" took ${ms.toFixed(1)} ms`).toBeLessThan(50);
      if (q === 'quickopen') expect(found[0]).toBe('renderer/src/components/files/quick-open.tsx');
    }
  });
});
