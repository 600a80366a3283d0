// The open tabs kept in the data dir: written after changes (debounced, atomically), frozen at
// quit, set aside when corrupt, and reopened with the right choices: resumed where the
// transcript exists, fresh (with the draft, or the lost prompt as the draft) where it does not,
// never in bypass mode, with the queue held.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Asides, type AsideTarget } from '../../../electron/core/asides';
import { Continuity, type ContinuityOptions, type ContinuitySession, type CreateChoices } from '../../../electron/core/continuity';
import type { KeptLimit } from '../../../electron/core/limit-resume';
import type { SideAnswer, SideExchange } from '../../../electron/core/protocol/requests';
import { History, projectSlug } from '../../../electron/core/history';
import { spawnChoicesProblem } from '../../../electron/core/spawn-args';
import { ClideError } from '../../../shared/result';
import type { SessionEvent } from '../../../shared/events';
import { applyEvents, emptySession } from '../../../shared/transcript';
import { queueToKeep, SessionsStore, MAX_KEPT_IMAGE_CHARS, type PersistedQueue, type SessionsFile } from '../../../electron/core/restore';
import { PATIENT } from '../../support/wait';

let base: string;
let dataDir: string;
let configDir: string;
const CWD = '/home/ada/proj';
const SID = '0d6c1a55-1111-4222-8333-944455556666';
const GONE = '9d6c1a55-1111-4222-8333-944455556666';

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-continuity-'));
  dataDir = path.join(base, 'data');
  configDir = path.join(base, 'claude');
  const proj = path.join(configDir, 'projects', projectSlug(CWD));
  fs.mkdirSync(proj, { recursive: true });
  fs.writeFileSync(
    path.join(proj, `${SID}.jsonl`),
    [
      { type: 'user', message: { role: 'user', content: 'hello' }, uuid: 'u1', parentUuid: null, cwd: CWD, timestamp: '2026-11-01T10:00:00Z' },
      {
        type: 'assistant',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
        uuid: 'a1',
        parentUuid: 'u1',
        timestamp: '2026-11-01T10:00:01Z',
      },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n') + '\n',
  );
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const sessionsFile = () => path.join(dataDir, 'sessions.json');
const read = () => JSON.parse(fs.readFileSync(sessionsFile(), 'utf8')) as SessionsFile;

/** A host that does what the real one does around the continuity, without processes. */
function fakeHost(asides?: Asides, limits?: ContinuityOptions['limits']) {
  const sessions: Array<ContinuitySession & { start: ReturnType<typeof vi.fn> }> = [];
  const created: CreateChoices[] = [];
  const restoredQueues: Array<{ id: string; queue: PersistedQueue }> = [];
  let n = 0;
  const ref: { continuity?: Continuity } = {};
  const host = {
    orphansReaped: Promise.resolve(),
    create(choices: CreateChoices) {
      created.push(choices);
      const problem = spawnChoicesProblem({ ...choices, fork: choices.fork && { sessionId: 'f0000000-0000-4000-8000-000000000000', at: choices.fork.at } });
      if (problem) throw new ClideError(problem);
      const s = {
        id: `tab-${++n}`,
        cwd: choices.cwd ?? '/default',
        sessionId: choices.fork ? 'f0000000-0000-4000-8000-000000000000' : choices.resume,
        start: vi.fn(),
      };
      sessions.push(s);
      ref.continuity!.gate(s.id, () => {});
      ref.continuity!.opened(s, choices);
      if (choices.resume) void ref.continuity!.resume(s, () => true);
      return { id: s.id };
    },
    rename: vi.fn(async () => {}),
    list: () => sessions,
  };
  const continuity = new Continuity({
    host,
    history: new History(configDir),
    dataDir,
    debounceMs: 10,
    queue: { state: () => ({ entries: [{ id: 'q1', text: 'queued', images: [], at: 1 }] }), restore: (id, queue) => restoredQueues.push({ id, queue }) },
    asides,
    limits,
    log: () => {},
  });
  ref.continuity = continuity;
  return { host, continuity, sessions, created, restoredQueues };
}

describe('the open tabs on disk', () => {
  it('follows a tab: its session id, title, model, mode, running turn, queue and draft; a closed tab goes', async () => {
    const { host, continuity } = fakeHost();
    const { id } = host.create({ cwd: CWD });
    continuity.observe(id, [{ kind: 'info', info: { claudeSessionId: SID, title: 'Mine', model: 'opus', permissionMode: 'plan' } }]);
    continuity.observe(id, [{ kind: 'user', id: 'u9', text: 'do it', at: 5 }]);
    continuity.observe(id, [{ kind: 'queue', messages: [{ id: 'q1', text: 'queued', at: 1 }] }]);
    continuity.saveDraft(id, 'half');
    await vi.waitFor(
      () =>
        expect(read().tabs[0]).toMatchObject({
          cwd: CWD,
          claudeSessionId: SID,
          title: 'Mine',
          model: 'opus',
          permissionMode: 'plan',
          draft: 'half',
          turn: { prompt: 'do it', messageId: 'u9' },
          queue: { entries: [{ text: 'queued' }] },
        }),
      PATIENT,
    );
    expect(read().titles).toEqual({ [SID]: 'Mine' });
    expect(continuity.drafts()).toEqual({ [id]: 'half' });
    continuity.observe(id, [{ kind: 'result', result: { subtype: 'success', isError: false, denials: [] } }]);
    await vi.waitFor(() => expect(read().tabs[0]?.turn).toBeUndefined(), PATIENT);
    await continuity.closed(id, { id, cwd: CWD, sessionId: SID }, Promise.resolve());
    await vi.waitFor(() => expect(read().tabs).toEqual([]), PATIENT);
    expect(() => continuity.saveDraft(id, 'x')).toThrow(/not open/);
  });

  it('at quit, keeps the tabs as they were while the sessions close', async () => {
    const { host, continuity } = fakeHost();
    const { id } = host.create({ cwd: CWD });
    continuity.observe(id, [{ kind: 'user', id: 'u9', text: 'running', at: 5 }]);
    continuity.shutdown();
    expect(read().tabs).toHaveLength(1);
    // What quitting does to the session afterwards must not change what was kept.
    continuity.observe(id, [{ kind: 'result', result: { subtype: 'error_during_execution', isError: true, interrupted: true, denials: [] } }]);
    await continuity.closed(id, { id, cwd: CWD, sessionId: SID }, Promise.resolve());
    await new Promise((r) => setTimeout(r, 30));
    expect(read().tabs[0]?.turn?.prompt).toBe('running');
  });

  it('keeps the order and the shown tab a window reports, and reopens them so', async () => {
    const { host, continuity } = fakeHost();
    const a = host.create({ cwd: '/a' }).id;
    const b = host.create({ cwd: '/b' }).id;
    const c = host.create({ cwd: '/c' }).id;
    continuity.saveLayout([c, a, 'unknown'], b);
    expect(continuity.activeTab).toBe(b);
    await vi.waitFor(() => expect(read()).toMatchObject({ tabs: [{ cwd: '/c' }, { cwd: '/a' }, { cwd: '/b' }], active: 2 }), PATIENT);
    continuity.shutdown();

    const next = fakeHost();
    await next.continuity.restore();
    expect(next.created.map((x) => x.cwd)).toEqual(['/c', '/a', '/b']);
    expect(next.continuity.activeTab).toBe('tab-3');
    await next.continuity.closed('tab-3', next.sessions[2]!, Promise.resolve());
    expect(next.continuity.activeTab).toBeUndefined();
  });

  it("keeps the split view by tab position and gives it back with the reopened tabs' ids", async () => {
    const { host, continuity } = fakeHost();
    const a = host.create({ cwd: '/a' }).id;
    const b = host.create({ cwd: '/b' }).id;
    const c = host.create({ cwd: '/c' }).id;
    continuity.saveLayout([a, b, c], c, { right: [b, c], shown: { left: a, right: c }, ratio: 0.35 });
    await vi.waitFor(() => expect(read()).toMatchObject({ active: 2, split: { right: [1, 2], shown: { left: 0, right: 2 }, ratio: 0.35 } }), PATIENT);
    continuity.shutdown();

    const next = fakeHost();
    await next.continuity.restore();
    expect(next.continuity.activeTab).toBe('tab-3');
    expect(next.continuity.splitLayout).toEqual({ right: ['tab-2', 'tab-3'], shown: { left: 'tab-1', right: 'tab-3' }, ratio: 0.35 });
    // A pane whose tabs all closed is no split at all; closing the split is kept too.
    await next.continuity.closed('tab-1', next.sessions[0]!, Promise.resolve());
    expect(next.continuity.splitLayout).toBeUndefined();
    next.continuity.saveLayout(['tab-2', 'tab-3'], 'tab-3');
    await vi.waitFor(() => expect(read()).not.toHaveProperty('split'), PATIENT);
  });

  it('writes a burst of changes once, and never without a data dir', async () => {
    const store = new SessionsStore({ dataDir, debounceMs: 20 });
    const spy = vi.fn((): SessionsFile => ({ version: 1, tabs: [], titles: {} }));
    for (let i = 0; i < 50; i++) store.save(spy);
    // The debounced write comes when the machine gets to it; then nothing is left pending.
    await vi.waitFor(() => expect(spy).toHaveBeenCalled(), PATIENT);
    store.flush();
    expect(spy).toHaveBeenCalledTimes(1);
    const none = new SessionsStore({});
    none.save(spy);
    none.flush();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('sets a corrupt file aside and starts with no tabs', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(sessionsFile(), '{"version":1,"tabs":[{"cwd":');
    const log = vi.fn();
    const r = new SessionsStore({ dataDir, log }).load();
    expect(r.value.tabs).toEqual([]);
    expect(r.warning).toMatch(/set aside/);
    expect(log).toHaveBeenCalledOnce();
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith('sessions.json.corrupt-'))).toBe(true);
  });

  it('keeps queued images only up to a budget, and counts the ones left out', () => {
    const big = { mediaType: 'image/png' as const, data: 'x'.repeat(MAX_KEPT_IMAGE_CHARS - 10) };
    const small = { mediaType: 'image/png' as const, data: 'y'.repeat(100) };
    const kept = queueToKeep({
      entries: [
        { id: 'a', text: 'a', images: [big], at: 1 },
        { id: 'b', text: 'b', images: [small], at: 2 },
      ],
    });
    expect(kept?.entries.map((e) => [e.images.length, e.imagesDropped])).toEqual([
      [1, undefined],
      [0, 1],
    ]);
    expect(queueToKeep({ entries: [] })).toBeUndefined();
  });
});

describe('a usage-limit stop across a restart', () => {
  it('keeps the offer and what it sends again, unless its images are over the budget; gives it back to the reopened tab', async () => {
    const stop = { state: 'scheduled' as const, resetsAt: 5000, continueAt: 8000, limitType: 'five_hour', messages: 1, preview: 'Build it', at: 1 };
    let current: KeptLimit | undefined = {
      stop,
      messages: [{ text: 'Build it', images: [{ mediaType: 'image/png', data: 'AAAA' }], speaker: { kind: 'person' } }],
    };
    const first = fakeHost(undefined, { state: () => current, restore: () => {} });
    const { id } = first.host.create({ cwd: CWD });
    first.continuity.observe(id, [{ kind: 'info', info: { claudeSessionId: SID } }]);
    first.continuity.observe(id, [{ kind: 'limit-stop', stop }]);
    await vi.waitFor(() => expect(read().tabs[0]?.limit).toEqual(current), PATIENT);
    // Images too large to keep: the stop is not kept at all (sent without them it would be another request).
    current = {
      stop,
      messages: [{ text: 'Build it', images: [{ mediaType: 'image/png', data: 'A'.repeat(MAX_KEPT_IMAGE_CHARS + 4) }], speaker: { kind: 'person' } }],
    };
    first.continuity.observe(id, [{ kind: 'limit-stop', stop }]);
    await vi.waitFor(() => expect(read().tabs[0]?.limit).toBeUndefined(), PATIENT);
    current = { stop, messages: [{ text: 'Build it', images: [], speaker: { kind: 'peer', session: 'tab-9', permissionMode: undefined } }] };
    first.continuity.observe(id, [{ kind: 'limit-stop', stop }]);
    await vi.waitFor(() => expect(read().tabs[0]?.limit?.messages[0]?.speaker).toEqual({ kind: 'peer', session: 'tab-9' }), PATIENT);
    first.continuity.shutdown();

    const restored: Array<[string, KeptLimit]> = [];
    const second = fakeHost(undefined, { state: () => undefined, restore: (tab, limit) => restored.push([tab, limit]) });
    await second.continuity.restore();
    expect(restored).toEqual([
      ['tab-1', { stop, messages: [{ text: 'Build it', images: [], speaker: { kind: 'peer', session: 'tab-9', permissionMode: undefined } }] }],
    ]);
  });
});

describe('side questions across a restart', () => {
  it("keeps a tab's questions and answers; one still on its way comes back failed; follow-ups still see the answers", async () => {
    const sink: { continuity?: Continuity } = {};
    const asides = new Asides({ emit: (id, events) => sink.continuity?.observe(id, events) });
    const first = fakeHost(asides);
    sink.continuity = first.continuity;
    const { id } = first.host.create({ cwd: CWD });
    first.continuity.observe(id, [{ kind: 'info', info: { claudeSessionId: SID } }]);
    const answers: Array<(a: SideAnswer) => void> = [];
    const target: AsideTarget = { id, sideQuestion: () => new Promise<SideAnswer>((resolve) => answers.push(resolve)) };
    asides.ask(target, 'Which tests cover this?');
    asides.ask(target, 'And the docs?');
    answers[0]!({ answer: 'The unit tests.', synthetic: false });
    await vi.waitFor(
      () =>
        expect(read().tabs[0]?.asides?.map((a) => [a.question, a.state, a.answer])).toEqual([
          ['Which tests cover this?', 'answered', 'The unit tests.'],
          ['And the docs?', 'asking', undefined],
        ]),
      PATIENT,
    );
    first.continuity.shutdown();

    const events: SessionEvent[] = [];
    const again = new Asides({
      emit: (tab, e) => {
        events.push(...e);
        sink.continuity?.observe(tab, e);
      },
    });
    const second = fakeHost(again);
    sink.continuity = second.continuity;
    await second.continuity.restore();
    const view = applyEvents(emptySession('tab-1', CWD, 0), events);
    expect(view.asides?.map((a) => [a.question, a.state, a.answer ?? a.error])).toEqual([
      ['Which tests cover this?', 'answered', 'The unit tests.'],
      ['And the docs?', 'failed', 'clide was closed before the answer came. Ask again.'],
    ]);
    const histories: Array<readonly SideExchange[]> = [];
    again.ask(
      {
        id: 'tab-1',
        sideQuestion: (_q, history) => {
          histories.push(history);
          return new Promise<SideAnswer>(() => {});
        },
      },
      'Anything else?',
    );
    expect(histories).toEqual([[{ question: 'Which tests cover this?', response: 'The unit tests.' }]]);
    // Written again with what came back.
    await vi.waitFor(() => expect(read().tabs[0]?.asides?.map((a) => a.state)).toEqual(['answered', 'failed', 'asking']), PATIENT);
  });
});

describe('reopening the tabs', () => {
  it('resumes what can be resumed, starts the rest fresh with their drafts, holds the queue, never bypass', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const saved: SessionsFile = {
      version: 1,
      tabs: [
        {
          cwd: CWD,
          claudeSessionId: SID,
          draft: 'keep me',
          permissionMode: 'bypassPermissions',
          queue: { entries: [{ id: 'q1', text: 'later', images: [], at: 1, imagesDropped: 2 }] },
          turn: { prompt: 'p', messageId: 'u1', at: 1 },
        },
        { cwd: '/elsewhere', draft: 'never sent' },
        { cwd: CWD, claudeSessionId: GONE, turn: { prompt: 'the lost prompt', messageId: 'x', at: 1 } },
        { cwd: '/odd', model: 'not a model!', draft: 'still here' },
      ],
      titles: { [GONE]: 'Old name' },
    };
    fs.writeFileSync(sessionsFile(), JSON.stringify(saved));
    const { continuity, created, restoredQueues, sessions } = fakeHost();
    await continuity.restore();
    expect(created).toEqual([
      { cwd: CWD, resume: SID, fork: undefined, model: undefined, permissionMode: undefined },
      { cwd: '/elsewhere', resume: undefined, fork: undefined, model: undefined, permissionMode: undefined },
      { cwd: CWD, resume: undefined, fork: undefined, model: undefined, permissionMode: undefined },
      // A model the CLI would refuse: the tab still comes back, with the defaults.
      { cwd: '/odd', resume: undefined, fork: undefined, model: 'not a model!', permissionMode: undefined },
      { cwd: '/odd', resume: undefined, fork: undefined },
    ]);
    expect(continuity.drafts()).toEqual({ 'tab-1': 'keep me', 'tab-2': 'never sent', 'tab-3': 'the lost prompt', 'tab-4': 'still here' });
    expect(restoredQueues).toHaveLength(1);
    expect(restoredQueues[0]!.queue.hold?.message).toMatch(/clide was closed.*2 attached images were too large to keep/);
    // Reopened tabs start no process: the first message does (lazy-start.ts).
    expect(sessions[0]!.start).not.toHaveBeenCalled();
    // Written again only once all are back, in the same order.
    await vi.waitFor(() => expect(read().tabs.map((t) => t.cwd)).toEqual([CWD, '/elsewhere', CWD, '/odd']), PATIENT);
    expect(read().titles).toEqual({ [GONE]: 'Old name' });
  });

  it('lists history with local titles and the tab a session is open in; renames one that is not open locally', async () => {
    const { host, continuity } = fakeHost();
    expect((await continuity.list()).map((s) => [s.title, s.named, s.openIn])).toEqual([['hello', false, undefined]]);
    await continuity.rename(SID, 'Greeting');
    expect(host.rename).not.toHaveBeenCalled();
    host.create({ cwd: CWD, resume: SID });
    expect((await continuity.list()).map((s) => [s.title, s.named, s.openIn])).toEqual([['Greeting', true, 'tab-1']]);
    await continuity.rename(SID, 'Open one');
    expect(host.rename).toHaveBeenCalledWith('tab-1', 'Open one');
  });

  it('marks a resumed tab as loading its earlier conversation until the transcript has been read', async () => {
    const { continuity } = fakeHost();
    const seen: SessionEvent[] = [];
    const s = { id: 'tab-x', cwd: CWD, sessionId: SID, start: vi.fn() };
    continuity.gate(s.id, (events) => seen.push(...events));
    continuity.opened(s, { cwd: CWD, resume: SID });
    const done = continuity.resume(s, () => true);
    expect(seen).toEqual([{ kind: 'info', info: expect.objectContaining({ claudeSessionId: SID, loadingEarlier: true }) }]);
    await done;
    const kinds = seen.map((e) => e.kind);
    expect(kinds).toContain('user');
    expect(seen.at(-1)).toEqual({ kind: 'info', info: { loadingEarlier: false } });
    expect(applyEvents(emptySession('tab-x', CWD), seen).info.loadingEarlier).toBe(false);
  });
});
