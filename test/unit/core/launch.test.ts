// `clide <folder>`: what a launch's argv asks for, first launch or second instance, and how each
// folder is resolved (against the launching shell's folder) or refused with a reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchArguments, launchTarget, MAX_FOLDERS_PER_LAUNCH } from '../../../electron/core/launch/launch-args';
import { LaunchInbox, resolveLaunch } from '../../../electron/core/launch/launch-inbox';

let root: string;
let home: string;

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'clide-launch-')));
  home = path.join(root, 'home');
  for (const d of ['home/code/api', 'work/web ui', 'work/app']) fs.mkdirSync(path.join(root, d), { recursive: true });
  fs.writeFileSync(path.join(root, 'work', 'notes.txt'), 'a file');
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('launchArguments', () => {
  it('a packaged app: everything after the executable, switches dropped', () => {
    expect(launchArguments(['/opt/clide/clide', 'api', '--no-sandbox', '../web ui'], { defaultApp: false })).toEqual(['api', '../web ui']);
    expect(launchArguments(['/opt/clide/clide'], { defaultApp: false })).toEqual([]);
  });

  it('second-instance argv: the switches Chromium adds, even before the folders, are not folders', () => {
    const argv = ['/opt/clide/clide', '--allow-file-access-from-files', '--original-process-start-time=13371337', '--enable-crash-reporter=x', 'app'];
    expect(launchArguments(argv, { defaultApp: false })).toEqual(['app']);
  });

  it('from source (`electron <app>`): the app path is not a folder to open', () => {
    expect(launchArguments(['/x/electron', '--inspect=0', '/src/clide/out/main/main.js', 'api'], { defaultApp: true })).toEqual(['api']);
  });

  it('after --, a name that starts with a dash is a folder', () => {
    expect(launchArguments(['/opt/clide/clide', '--', '-odd-name'], { defaultApp: false })).toEqual(['-odd-name']);
  });
});

describe('launchTarget', () => {
  it('reads paths, file:// URLs (the file manager) and clide://open links', () => {
    expect(launchTarget('code/api')).toEqual({ kind: 'path', path: 'code/api' });
    expect(launchTarget('C:\\code\\api')).toEqual({ kind: 'path', path: 'C:\\code\\api' });
    expect(launchTarget(pathToFileURL('/srv/my project').href)).toEqual({ kind: 'path', path: '/srv/my project' });
    expect(launchTarget('clide://open?path=%2Fsrv%2Fmy%20project')).toEqual({ kind: 'path', path: '/srv/my project', link: true });
  });

  it('refuses other links, saying what a clide link looks like', () => {
    expect(launchTarget('clide://run?cmd=rm')).toMatchObject({
      kind: 'invalid',
      message: 'The link "clide://run?cmd=rm" names no folder to open.',
      hint: expect.stringContaining('clide://open?path='),
    });
    expect(launchTarget('https://example.com/')).toMatchObject({
      kind: 'invalid',
      message: 'clide opens folders, not https: addresses ("https://example.com/").',
    });
  });
});

describe('resolveLaunch', () => {
  it('resolves a relative folder against the folder the launch ran in, and ~ against home', () => {
    expect(resolveLaunch('../web ui', path.join(root, 'work', 'app'), home)).toEqual({ kind: 'open', cwd: path.join(root, 'work', 'web ui') });
    expect(resolveLaunch('~/code/api', '/', home)).toEqual({ kind: 'open', cwd: path.join(home, 'code', 'api') });
    expect(resolveLaunch('.', path.join(root, 'work'), home)).toEqual({ kind: 'open', cwd: path.join(root, 'work') });
  });

  it('says when the folder does not exist or is a file', () => {
    expect(resolveLaunch('nope', path.join(root, 'work'), home)).toEqual({
      kind: 'error',
      message: `clide could not open “${path.join(root, 'work', 'nope')}”: there is no such folder.`,
      hint: 'Check the spelling, or create the folder first.',
    });
    expect(resolveLaunch('notes.txt', path.join(root, 'work'), home)).toMatchObject({
      kind: 'error',
      message: `clide could not open “${path.join(root, 'work', 'notes.txt')}”: it is a file, not a folder.`,
    });
  });

  it('a link must name a full path: it has no folder of its own to start from', () => {
    expect(resolveLaunch('clide://open?path=code', root, home)).toMatchObject({
      kind: 'error',
      message: 'The link asks for “code”, which is not a full path.',
    });
    expect(resolveLaunch(`clide://open?path=${encodeURIComponent(path.join(root, 'work', 'app'))}`, '/', home)).toEqual({
      kind: 'open',
      cwd: path.join(root, 'work', 'app'),
    });
  });
});

describe('LaunchInbox', () => {
  it('keeps what arrives until a window takes it, each once, in order, and rings for each launch', () => {
    let rings = 0;
    const inbox = new LaunchInbox({ homeDir: home, notify: () => rings++ });
    inbox.receiveArgv(['/opt/clide/clide', 'app', 'missing'], path.join(root, 'work'), { defaultApp: false });
    inbox.receiveArgv(['/opt/clide/clide', '--no-sandbox'], root, { defaultApp: false });
    inbox.receive([pathToFileURL(path.join(root, 'work', 'web ui')).href], '/');
    expect(rings).toBe(2);
    expect(inbox.take()).toEqual([
      { kind: 'open', cwd: path.join(root, 'work', 'app') },
      expect.objectContaining({ kind: 'error', message: expect.stringContaining('there is no such folder') }),
      { kind: 'open', cwd: path.join(root, 'work', 'web ui') },
    ]);
    expect(inbox.take()).toEqual([]);
  });

  it(`opens at most ${MAX_FOLDERS_PER_LAUNCH} folders per launch and says how many it left`, () => {
    const inbox = new LaunchInbox({ homeDir: home, notify: () => undefined });
    inbox.receive(
      Array.from({ length: MAX_FOLDERS_PER_LAUNCH + 3 }, () => root),
      '/',
    );
    const taken = inbox.take();
    expect(taken.filter((r) => r.kind === 'open')).toHaveLength(MAX_FOLDERS_PER_LAUNCH);
    expect(taken.at(-1)).toEqual({ kind: 'error', message: `clide opens at most ${MAX_FOLDERS_PER_LAUNCH} folders at a time; 3 more were not opened.` });
  });
});
