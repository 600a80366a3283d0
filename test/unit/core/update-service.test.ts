// The update policy: when the desktop app checks, what it shows, when it may install. Driven
// with a scripted updater and hand-fired timers; electron-updater itself is exercised against
// a served feed in test/unit/shell/updater-feed.test.ts.
import { describe, expect, it, vi } from 'vitest';
import type { UpdateState } from '../../../shared/desktop';
import { updateNotice } from '../../../shared/desktop';
import type { UpdateSettings } from '../../../shared/settings';
import type { UpdateFeed } from '../../../electron/core/updates/update-feed';
import { updateFeed } from '../../../electron/core/updates/update-feed';
import { UpdateService, type Timers, type UpdaterPort } from '../../../electron/core/updates/update-service';
import { PATIENT } from '../../support/wait';

class FakeTimers implements Timers {
  pending = new Map<number, { run: () => void; ms: number }>();
  private next = 1;
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { run, ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  delays(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }
  fire(): void {
    const [id, t] = [...this.pending.entries()][0]!;
    this.pending.delete(id);
    t.run();
  }
}

type Answer = { version: string; downloaded: Promise<void> } | undefined | Error;

function setup(
  opts: { packaged?: boolean; updater?: boolean; settings?: Partial<UpdateSettings>; answers?: Answer[]; turns?: number; env?: NodeJS.ProcessEnv } = {},
) {
  const timers = new FakeTimers();
  const answers = [...(opts.answers ?? [])];
  const feeds: UpdateFeed[] = [];
  const install = vi.fn();
  let progress: (p: number) => void = () => undefined;
  const port: UpdaterPort = {
    check: vi.fn(async (feed: UpdateFeed) => {
      feeds.push(feed);
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return a;
    }),
    onProgress: (l) => {
      progress = l;
    },
    install,
  };
  const settings: UpdateSettings = { auto: true, source: 'github', url: '', ...opts.settings };
  const states: UpdateState[] = [];
  const svc = new UpdateService({
    updater: opts.updater === false ? undefined : port,
    packaged: opts.packaged ?? true,
    settings: () => settings,
    env: opts.env ?? {},
    turnsRunning: () => opts.turns ?? 0,
    emit: (s) => states.push(s),
    timers,
    firstCheckMs: 1_000,
    intervalMs: 60_000,
  });
  svc.start();
  return { svc, timers, port, feeds, install, settings, states, progress: (p: number) => progress(p) };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('when to check', () => {
  it('checks a while after start, then at every interval', async () => {
    const t = setup({ answers: [undefined, undefined] });
    expect(t.timers.delays()).toEqual([1_000]);
    t.timers.fire();
    await vi.waitFor(() => expect(t.timers.delays()).toEqual([60_000]), PATIENT);
    expect(t.port.check).toHaveBeenCalledTimes(1);
    t.timers.fire();
    await vi.waitFor(() => expect(t.port.check).toHaveBeenCalledTimes(2), PATIENT);
  });

  it('never checks by itself when run from source, and a manual check says why', async () => {
    const t = setup({ packaged: false });
    expect(t.timers.delays()).toEqual([]);
    const answer = await t.svc.checkNow();
    expect(t.port.check).not.toHaveBeenCalled();
    expect(updateNotice(answer)?.text).toBe('Updates are off when clide runs from source (npm start, npm run dev).');
  });

  it('never checks by itself when the person turned it off; turning it on arms the check', () => {
    const t = setup({ settings: { auto: false } });
    expect(t.timers.delays()).toEqual([]);
    t.settings.auto = true;
    t.svc.settingsChanged();
    expect(t.timers.delays()).toEqual([1_000]);
    t.settings.auto = false;
    t.svc.settingsChanged();
    expect(t.timers.delays()).toEqual([]);
  });

  it('in the browser host, updates do not apply', async () => {
    const t = setup({ updater: false });
    expect(t.timers.delays()).toEqual([]);
    const answer = await t.svc.checkNow();
    expect(answer.phase).toBe('unsupported');
    expect(updateNotice(answer)?.text).toMatch(/^Updates apply to the desktop app\. The browser host runs the code of your checkout/);
  });
});

describe('what is shown', () => {
  it('a background check that finds nothing, or fails, shows nothing', async () => {
    const t = setup({ answers: [undefined, Object.assign(new Error('getaddrinfo ENOTFOUND github.com'), { code: 'ENOTFOUND' })] });
    t.timers.fire();
    await vi.waitFor(() => expect(t.timers.delays()).toEqual([60_000]), PATIENT);
    expect(t.svc.state()).toEqual({ phase: 'idle', shown: false });
    t.timers.fire();
    await vi.waitFor(() => expect(t.timers.delays()).toEqual([60_000]), PATIENT);
    expect(t.svc.state()).toEqual({ phase: 'idle', shown: false });
    expect(t.states.every((s) => updateNotice(s) === undefined)).toBe(true);
  });

  it('a background check downloads quietly and announces the update once it is ready', async () => {
    let done!: () => void;
    const t = setup({ answers: [{ version: '0.2.0', downloaded: new Promise<void>((r) => (done = r)) }] });
    t.timers.fire();
    await vi.waitFor(() => expect(t.svc.state().phase).toBe('downloading'), PATIENT);
    t.progress(41.7);
    expect(t.svc.state()).toEqual({ phase: 'downloading', version: '0.2.0', percent: 41, shown: false });
    expect(updateNotice(t.svc.state())).toBeUndefined();
    done();
    await vi.waitFor(() => expect(t.svc.state()).toEqual({ phase: 'ready', version: '0.2.0', shown: true }), PATIENT);
    expect(updateNotice(t.svc.state())).toEqual({ text: 'Update ready: restart to install clide 0.2.0.', tone: 'info', restart: true, busy: false });
    // Nothing newer is looked for once one is ready.
    expect(t.timers.delays()).toEqual([]);
  });

  it('a manual check shows its progress and its outcome', async () => {
    const t = setup({ answers: [undefined] });
    const checking = t.svc.checkNow();
    expect(updateNotice(t.svc.state())?.text).toBe('Checking for updates…');
    expect(await checking).toEqual({ phase: 'up-to-date', shown: true });
    expect(updateNotice(t.svc.state())?.text).toBe("You're up to date.");
    expect(t.svc.dismiss()).toEqual({ phase: 'up-to-date', shown: false });
    expect(updateNotice(t.svc.state())).toBeUndefined();
  });

  it('a manual check during a background one joins it and shows its outcome', async () => {
    let answer!: (a: undefined) => void;
    const t = setup();
    (t.port.check as ReturnType<typeof vi.fn>).mockImplementationOnce(() => new Promise((r) => (answer = r)));
    t.timers.fire();
    await settle();
    expect(t.svc.state()).toEqual({ phase: 'checking', shown: false });
    const manual = t.svc.checkNow();
    answer(undefined);
    expect(await manual).toEqual({ phase: 'up-to-date', shown: true });
    expect(t.port.check).toHaveBeenCalledTimes(1);
  });

  it('a failed download of a found update is said even after a background check', async () => {
    const t = setup({
      answers: [{ version: '0.2.0', downloaded: Promise.reject(Object.assign(new Error('sha512 checksum mismatch'), { code: 'ERR_CHECKSUM_MISMATCH' })) }],
    });
    t.timers.fire();
    await vi.waitFor(() => expect(t.svc.state().phase).toBe('error'), PATIENT);
    expect(updateNotice(t.svc.state())).toMatchObject({ tone: 'error', text: expect.stringContaining('did not match its checksum') });
  });

  it('a manual check with no server address for the own-server source says what to set', async () => {
    const t = setup({ settings: { source: 'generic', url: '' } });
    const answer = await t.svc.checkNow();
    expect(t.port.check).not.toHaveBeenCalled();
    expect(answer).toMatchObject({ phase: 'error', message: expect.stringContaining('Set it in Settings') });
  });
});

describe('when to install', () => {
  it('only on request, once ready, and never while a turn runs', async () => {
    const busy = setup({ answers: [{ version: '0.2.0', downloaded: Promise.resolve() }], turns: 2 });
    expect(() => busy.svc.restartToUpdate()).toThrow('No update has been downloaded yet.');
    await busy.svc.checkNow();
    await vi.waitFor(() => expect(busy.svc.state().phase).toBe('ready'), PATIENT);
    expect(() => busy.svc.restartToUpdate()).toThrow('Claude is still working in 2 tabs, so clide will not restart now.');
    expect(busy.install).not.toHaveBeenCalled();

    const idle = setup({ answers: [{ version: '0.2.0', downloaded: Promise.resolve() }] });
    await idle.svc.checkNow();
    await vi.waitFor(() => expect(idle.svc.state().phase).toBe('ready'), PATIENT);
    idle.svc.restartToUpdate();
    expect(idle.install).toHaveBeenCalledTimes(1);
  });
});

describe('where updates come from', () => {
  it('GitHub by default; a server of your own from Settings; CLIDE_UPDATE_URL wins', () => {
    const base: UpdateSettings = { auto: true, source: 'github', url: '' };
    expect(updateFeed(base, {})).toEqual({ ok: true, feed: { provider: 'github' } });
    expect(updateFeed({ ...base, source: 'generic', url: 'https://updates.example.com/clide' }, {})).toEqual({
      ok: true,
      feed: { provider: 'generic', url: 'https://updates.example.com/clide/' },
    });
    expect(updateFeed(base, { CLIDE_UPDATE_URL: 'https://mirror.example.org/c/' })).toEqual({
      ok: true,
      feed: { provider: 'generic', url: 'https://mirror.example.org/c/' },
    });
    expect(updateFeed(base, { CLIDE_UPDATE_URL: 'ftp://mirror.example.org/c/' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('CLIDE_UPDATE_URL must be an http'),
    });
  });

  it('checks the feed the settings name at the time of the check', async () => {
    const t = setup({ answers: [undefined, undefined], settings: { source: 'generic', url: 'https://a.example/' } });
    await t.svc.checkNow();
    t.settings.source = 'github';
    await t.svc.checkNow();
    expect(t.feeds).toEqual([{ provider: 'generic', url: 'https://a.example/' }, { provider: 'github' }]);
  });
});
