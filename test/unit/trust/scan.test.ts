// What a folder would run, read from its files (electron/core/trust/scan.ts and folder.ts), on
// real files and real git worktrees.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localFiles, locateFolder } from '../../../electron/core/trust/folder';
import { importRefs, scanFolder } from '../../../electron/core/trust/scan';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'clide-trust-')));
  made.push(d);
  return d;
}

function write(file: string, content: string | object): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

function scan(cwd: string, home = path.join(cwd, 'nohome')) {
  const place = locateFolder(cwd);
  return scanFolder({ dirs: place.dirs, base: place.top, files: localFiles, configDir: path.join(home, '.claude'), homeDir: home, mainCheckout: place.root });
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    stdio: 'pipe',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
  });

describe('scanFolder', () => {
  it('lists every hook, helper, environment variable, plugin, MCP server, setup and run file, exactly as written', () => {
    const dir = tmp();
    write(path.join(dir, '.claude/settings.json'), {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: 'echo pre' },
              { type: 'http', url: 'http://127.0.0.1:9/h' },
            ],
          },
        ],
      },
      apiKeyHelper: 'cat key',
      statusLine: { type: 'command', command: './status.sh' },
      env: { NODE_OPTIONS: '--require ./x.js' },
      enabledPlugins: { 'evil@market': true, 'off@market': false },
      permissions: { allow: ['Bash(*)'] },
    });
    write(path.join(dir, '.claude/settings.local.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }] } });
    write(path.join(dir, '.mcp.json'), {
      mcpServers: { db: { command: 'node', args: ['server.js'], env: { TOKEN: 'x' } }, web: { type: 'http', url: 'https://example.invalid/mcp' } },
    });
    write(path.join(dir, '.clide/setup'), 'npm ci\n');
    write(path.join(dir, '.clide/run'), 'npm run dev\n');
    expect(scan(dir).map((i) => [i.kind, i.file, i.label, i.detail])).toEqual([
      ['hook', '.claude/settings.json', 'PreToolUse hook (Bash)', 'echo pre'],
      ['hook', '.claude/settings.json', 'PreToolUse hook (Bash)', 'http://127.0.0.1:9/h'],
      ['helper', '.claude/settings.json', 'apiKeyHelper', 'cat key'],
      ['helper', '.claude/settings.json', 'statusLine', './status.sh'],
      ['env', '.claude/settings.json', 'Environment variable NODE_OPTIONS', '--require ./x.js'],
      ['plugin', '.claude/settings.json', 'Plugin', 'evil@market'],
      ['hook', '.claude/settings.local.json', 'Stop hook', 'echo stop'],
      ['mcp-server', '.mcp.json', 'MCP server db', 'node server.js (environment: TOKEN)'],
      ['mcp-server', '.mcp.json', 'MCP server web', 'https://example.invalid/mcp'],
      ['setup', '.clide/setup', 'Setup of a new worktree', 'npm ci\n'],
      ['run', '.clide/run', 'Run command', 'npm run dev\n'],
    ]);
  });

  it('finds nothing in a folder with nothing of its own, and permission rules alone are not something that runs', () => {
    const dir = tmp();
    expect(scan(dir)).toEqual([]);
    write(path.join(dir, '.claude/settings.local.json'), { permissions: { allow: ['Bash(npm test *)'] } });
    write(path.join(dir, 'CLAUDE.md'), 'Use @docs/guide.md and `@not-an-import`.\n');
    write(path.join(dir, 'docs/guide.md'), 'guide');
    expect(scan(dir)).toEqual([]);
  });

  it('shows a settings file it cannot read rather than guessing', () => {
    const dir = tmp();
    write(path.join(dir, '.claude/settings.json'), '{ "hooks": ');
    expect(scan(dir).map((i) => i.kind)).toEqual(['other']);
  });

  it('names a CLAUDE.md import that leaves the folder, through a link or ~, and follows imports inside it', () => {
    const dir = tmp();
    const outside = tmp();
    const home = tmp();
    write(path.join(outside, 'secret.md'), 'x');
    write(path.join(home, 'notes.md'), 'x');
    fs.symlinkSync(outside, path.join(dir, 'link'));
    write(path.join(dir, 'CLAUDE.md'), `See @link/secret.md\n\`\`\`\n@${outside}/secret.md in code\n\`\`\`\n@docs/more.md\n`);
    write(path.join(dir, 'docs/more.md'), '@~/notes.md\n');
    expect(scan(dir, home).map((i) => [i.kind, i.file, i.detail])).toEqual([
      ['import', 'CLAUDE.md', path.join(dir, 'link/secret.md')],
      ['import', 'CLAUDE.md', path.join(home, 'notes.md')],
    ]);
  });

  it("a session in the home folder: its .claude is the person's own config, not the folder's", () => {
    const home = tmp();
    write(path.join(home, '.claude/settings.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'mine' }] }] } });
    expect(scan(home, home)).toEqual([]);
  });

  it('reads a subfolder session from the checkout top down, and a worktree counts as its main checkout (with its local settings)', () => {
    const repo = tmp();
    git(repo, 'init', '-q', '-b', 'main');
    write(path.join(repo, '.mcp.json'), { mcpServers: { s: { command: 'srv' } } });
    write(path.join(repo, 'pkg/.claude/settings.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'pkg' }] }] } });
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'init');
    write(path.join(repo, '.claude/settings.local.json'), { env: { A: '1' } });
    expect(scan(path.join(repo, 'pkg')).map((i) => `${i.file}: ${i.detail}`)).toEqual([
      '.claude/settings.local.json: 1',
      '.mcp.json: srv',
      'pkg/.claude/settings.json: pkg',
    ]);

    const tree = path.join(tmp(), 'tree');
    git(repo, 'worktree', 'add', '-q', '-b', 'feature', tree);
    const place = locateFolder(path.join(tree, 'pkg'));
    expect(place).toMatchObject({ root: repo, top: fs.realpathSync(tree), dirs: [fs.realpathSync(tree), fs.realpathSync(path.join(tree, 'pkg'))] });
    expect(scan(path.join(tree, 'pkg')).map((i) => `${i.file}: ${i.detail}`)).toEqual([
      'settings.local.json of the main checkout: 1',
      '.mcp.json: srv',
      'pkg/.claude/settings.json: pkg',
    ]);
  });
});

describe('importRefs', () => {
  it('takes @paths outside code, not e-mail addresses or inline code', () => {
    expect(importRefs('a @x.md b@c.d `@no` @~/y @/abs/z\n```\n@fenced\n```\n@../up')).toEqual(['x.md', '~/y', '/abs/z', '../up']);
  });
});
