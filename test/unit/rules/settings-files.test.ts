// Where each scope's settings file is for a folder, and taking a rule out of one without losing
// anything else in it (or changing anything when it cannot).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempRepos } from '../../support/git-repo';
import { fileHolding, holdsRule, removeRule, repositoryRoot, settingsFiles } from '../../../electron/core/rules/settings-files';

let dir: string;
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'clide-rules-')));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const makeRepo = tempRepos();

describe('settingsFiles', () => {
  it('user settings in the config dir, project settings in the folder itself', () => {
    expect(settingsFiles('userSettings', '/w/app', '/h/.claude')).toEqual(['/h/.claude/settings.json']);
    expect(settingsFiles('projectSettings', path.join(dir, 'a'), '/h/.claude')).toEqual([path.join(dir, 'a', '.claude', 'settings.json')]);
  });

  it('local settings: the folder itself outside a repository; the repository root first inside one, then the folder', () => {
    expect(settingsFiles('localSettings', dir, '/h')).toEqual([path.join(dir, '.claude', 'settings.local.json')]);
    const { root } = makeRepo();
    const sub = path.join(root, 'src', 'lib');
    fs.mkdirSync(sub, { recursive: true });
    expect(settingsFiles('localSettings', sub, '/h')).toEqual([
      path.join(root, '.claude', 'settings.local.json'),
      path.join(sub, '.claude', 'settings.local.json'),
    ]);
    expect(settingsFiles('localSettings', root, '/h')).toEqual([path.join(root, '.claude', 'settings.local.json')]);
  });

  it('a linked worktree belongs to its main checkout', () => {
    const repo = makeRepo();
    const main = repo.root;
    const tree = path.join(repo.base, 'tree');
    repo.git(['worktree', 'add', '-q', '-b', 'b', tree]);
    expect(repositoryRoot(tree)).toBe(main);
    expect(settingsFiles('localSettings', tree, '/h')[0]).toBe(path.join(main, '.claude', 'settings.local.json'));
  });

  it('a .git file without a commondir (a submodule) makes its own folder the root', () => {
    fs.writeFileSync(path.join(dir, '.git'), 'gitdir: ../elsewhere/.git/modules/x\n');
    expect(repositoryRoot(path.join(dir))).toBe(dir);
  });
});

describe('removeRule', () => {
  const file = () => path.join(dir, 'settings.local.json');

  it('takes every copy of the rule out of its list and keeps the rest of the file, its newline and its mode', () => {
    const before = {
      permissions: { allow: ['Bash(npm test *)', 'Bash(ls)', 'Bash(npm test *)'], deny: ['Bash(npm test *)'], defaultMode: 'acceptEdits' },
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      model: 'sonnet',
    };
    fs.writeFileSync(file(), `${JSON.stringify(before, null, 4)}\n`, { mode: 0o640 });
    fs.chmodSync(file(), 0o640);
    expect(holdsRule(file(), 'allow', 'Bash(npm test *)')).toBe(true);
    removeRule(file(), 'allow', 'Bash(npm test *)');
    const text = fs.readFileSync(file(), 'utf8');
    expect(JSON.parse(text)).toEqual({ ...before, permissions: { ...before.permissions, allow: ['Bash(ls)'] } });
    expect(text.endsWith('}\n')).toBe(true);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o640);
    expect(holdsRule(file(), 'allow', 'Bash(npm test *)')).toBe(false);
    // The same rule under another behavior is another rule.
    expect(holdsRule(file(), 'deny', 'Bash(npm test *)')).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['settings.local.json']);
  });

  it('refuses a file that is not JSON, changing nothing, and says why', () => {
    const broken = '{ "permissions": { "allow": ["Bash(x)", }';
    fs.writeFileSync(file(), broken);
    expect(() => removeRule(file(), 'allow', 'Bash(x)')).toThrow(/settings\.local\.json is not valid JSON \(.+\), so clide left it as it was\./);
    expect(fs.readFileSync(file(), 'utf8')).toBe(broken);
    expect(holdsRule(file(), 'allow', 'Bash(x)')).toBe(false);
  });

  it('refuses a missing file and one without the list', () => {
    expect(() => removeRule(file(), 'allow', 'Bash(x)')).toThrow(/could not be read/);
    fs.writeFileSync(file(), '{"permissions": {"deny": []}}');
    expect(() => removeRule(file(), 'allow', 'Bash(x)')).toThrow('has no permissions.allow list');
    expect(fs.readFileSync(file(), 'utf8')).toBe('{"permissions": {"deny": []}}');
  });

  it('fileHolding: the first candidate that lists the rule', () => {
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    fs.writeFileSync(b, JSON.stringify({ permissions: { ask: ['Edit'] } }));
    expect(fileHolding([a, b], 'ask', 'Edit')).toBe(b);
    expect(fileHolding([a, b], 'allow', 'Edit')).toBeUndefined();
  });
});
