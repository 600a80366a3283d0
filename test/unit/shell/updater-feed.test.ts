// The update path with electron-updater's own code, against a feed this test serves on
// 127.0.0.1: its real deb updater reads latest-linux.yml, compares versions, downloads the
// package and checks its sha512, behind the port (electron/shell/updater.ts) and the policy
// (electron/core/updates) the app uses. What cannot run here: installing (dpkg through pkexec,
// the AppImage swap, NSIS) and relaunching, which need a packaged Electron app.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateState } from '../../../shared/desktop';
import { updateNotice } from '../../../shared/desktop';
import { UpdateService } from '../../../electron/core/updates/update-service';
import { updaterPort, type UpdaterLike } from '../../../electron/shell/updater';
import type { UpdateSettings } from '../../../shared/settings';
import { PATIENT } from '../../support/wait';

const require = createRequire(import.meta.url);
const { DebUpdater } = require('electron-updater') as { DebUpdater: new (options: null, app: object) => UpdaterLike & { httpExecutor: unknown } };
const { ElectronHttpExecutor } = require('electron-updater/out/electronHttpExecutor.js') as {
  ElectronHttpExecutor: new (login: null) => { createRequest(options: http.RequestOptions, callback: (res: http.IncomingMessage) => void): http.ClientRequest };
};

/**
 * electron-updater's own HTTP executor (its download, sha512 check and redirects), with
 * requests made by Node instead of Electron's net module, which needs the Electron runtime.
 */
class NodeNetExecutor extends ElectronHttpExecutor {
  override createRequest(options: http.RequestOptions, callback: (res: http.IncomingMessage) => void): http.ClientRequest {
    return http.request(options, callback);
  }
  addRedirectHandlers(): void {
    // Node's http does not follow redirects by itself; the feed here sends none.
  }
}

const PACKAGE = 'clide_0.2.0_amd64.deb';

interface Feed {
  url: string;
  requests: string[];
  /** What latest-linux.yml says; `null`: the server has none (404). */
  yml: string | null;
  body: Buffer;
  close(): Promise<void>;
}

async function serveFeed(): Promise<Feed> {
  const feed = { requests: [] as string[], yml: null as string | null, body: randomBytes(64 * 1024) } as Feed;
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/feed\//, '');
    feed.requests.push(name);
    if (name === 'latest-linux.yml' && feed.yml !== null) res.end(feed.yml);
    else if (name === PACKAGE) res.end(feed.body);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed/`;
  feed.close = () => new Promise((resolve) => server.close(() => resolve()));
  return feed;
}

function latestYml(version: string, body: Buffer, sha512 = createHash('sha512').update(body).digest('base64')): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${PACKAGE}`,
    `    sha512: ${sha512}`,
    `    size: ${body.length}`,
    `path: ${PACKAGE}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-30T10:00:00.000Z'",
    '',
  ].join('\n');
}

let dir: string;
let feed: Feed;
let states: UpdateState[];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-updater-'));
  // What electron-builder writes into a packaged app: the build's own feed, and the cache folder name.
  fs.writeFileSync(path.join(dir, 'app-update.yml'), 'provider: github\nowner: clide-dev\nrepo: clide\nupdaterCacheDirName: clide-updater\n');
  feed = await serveFeed();
  states = [];
});

afterEach(async () => {
  await feed.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** electron-updater's deb updater as a packaged clide 0.1.0 would have it, on Node's HTTP. */
function realUpdater(): UpdaterLike {
  const app = {
    version: '0.1.0',
    name: 'clide',
    isPackaged: true,
    appUpdateConfigPath: path.join(dir, 'app-update.yml'),
    userDataPath: path.join(dir, 'user-data'),
    baseCachePath: path.join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new DebUpdater(null, app);
  updater.httpExecutor = new NodeNetExecutor(null);
  return updater;
}

function service(opts: { settings?: Partial<UpdateSettings>; turns?: number; updater?: UpdaterLike } = {}) {
  const updater = opts.updater ?? realUpdater();
  const port = updaterPort(async () => updater);
  const svc = new UpdateService({
    updater: port,
    packaged: true,
    settings: () => ({ auto: false, source: 'generic', url: feed.url, ...opts.settings }),
    env: {},
    turnsRunning: () => opts.turns ?? 0,
    emit: (s) => states.push(s),
  });
  return { svc, updater };
}

describe('updates from a real feed', () => {
  it('finds a newer version, downloads and verifies it, then says it is ready', async () => {
    feed.yml = latestYml('0.2.0', feed.body);
    const { svc } = service();
    const answer = await svc.checkNow();
    expect(answer).toMatchObject({ phase: 'downloading', version: '0.2.0', shown: true });
    await vi.waitFor(() => expect(svc.state().phase).toBe('ready'), PATIENT);
    expect(updateNotice(svc.state())).toMatchObject({ text: 'Update ready: restart to install clide 0.2.0.', restart: true });
    expect(feed.requests).toEqual(['latest-linux.yml', PACKAGE]);
    // The verified package is where electron-updater installs it from.
    const cached = path.join(dir, 'cache', 'clide-updater', 'pending', PACKAGE);
    expect(fs.readFileSync(cached).equals(feed.body)).toBe(true);
    expect(states.map((s) => s.phase)).toEqual(expect.arrayContaining(['checking', 'downloading', 'ready']));
  });

  it("says You're up to date when the feed has the running version", async () => {
    feed.yml = latestYml('0.1.0', feed.body);
    const { svc } = service();
    const answer = await svc.checkNow();
    expect(answer).toEqual({ phase: 'up-to-date', shown: true });
    expect(updateNotice(answer)?.text).toBe("You're up to date.");
    expect(feed.requests).toEqual(['latest-linux.yml']);
  });

  it('throws away a download whose checksum does not match, and says so', async () => {
    feed.yml = latestYml('0.2.0', feed.body, createHash('sha512').update('something else').digest('base64'));
    const { svc } = service();
    await svc.checkNow();
    await vi.waitFor(() => expect(svc.state().phase).toBe('error'), PATIENT);
    expect(svc.state().message).toBe('The downloaded update did not match its checksum or signature, so it was thrown away. Nothing was installed.');
    expect(fs.existsSync(path.join(dir, 'cache', 'clide-updater', 'pending', PACKAGE))).toBe(false);
  });

  it('explains a server without update information', async () => {
    const { svc } = service();
    const answer = await svc.checkNow();
    expect(answer.phase).toBe('error');
    expect(answer.message).toBe('The update server has no update information for this system (no latest*.yml file was found there).');
  });

  it('explains a server it cannot reach', async () => {
    // A port that was just free: nothing listens there.
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    const { svc } = service({ settings: { url: `http://127.0.0.1:${port}/feed/` } });
    const answer = await svc.checkNow();
    expect(answer).toMatchObject({ phase: 'error', message: 'clide could not reach the update server. Check your connection, then try again.' });
  });

  it('a ready update is installed only when no turn runs', async () => {
    feed.yml = latestYml('0.2.0', feed.body);
    let turns = 1;
    const updater = realUpdater();
    const install = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
    const port = updaterPort(async () => updater);
    const svc = new UpdateService({
      updater: port,
      packaged: true,
      settings: () => ({ auto: false, source: 'generic', url: feed.url }),
      env: {},
      turnsRunning: () => turns,
      emit: () => undefined,
    });
    await svc.checkNow();
    await vi.waitFor(() => expect(svc.state().phase).toBe('ready'), PATIENT);
    expect(() => svc.restartToUpdate()).toThrow('Claude is still working in a tab, so clide will not restart now.');
    expect(install).not.toHaveBeenCalled();
    turns = 0;
    svc.restartToUpdate();
    await vi.waitFor(() => expect(install).toHaveBeenCalledWith(false, true), PATIENT);
  });
});
