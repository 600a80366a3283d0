// The version canary, end to end through Session: a recorded stream replayed by a stand-in
// `claude` (replay-cli.mjs) with its claude_code_version faked. A different version must raise
// one visible, non-blocking warning naming both versions; the tested version raises none.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../../../electron/core/session';
import { TESTED_CLI_VERSION } from '../../../electron/core/protocol/version';
import type { SessionEvent } from '../../../shared/events';
import { applyEvents, emptySession } from '../../../shared/transcript';
import { waitFor } from '../../support/wait';
import { FIXTURES_DIR } from './fixture-replay';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPLAY_CLI = path.join(here, 'replay-cli.mjs');

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

function start(version?: string) {
  const events: SessionEvent[] = [];
  session = new Session({
    id: 'canary',
    cwd: here,
    claudePath: REPLAY_CLI,
    env: { PATH: process.env.PATH, CLIDE_REPLAY_FIXTURE: path.join(FIXTURES_DIR, 'text-turn.jsonl'), ...(version ? { CLIDE_REPLAY_VERSION: version } : {}) },
    timings: { closeGraceMs: 2000, termGraceMs: 1000 },
  });
  session.onEvents((e) => events.push(...e));
  session.start();
  return { s: session, events };
}

const warnings = (events: SessionEvent[]) => events.filter((e) => e.kind === 'notice' && e.code === 'cli-version');

describe('CLI version canary', () => {
  it('warns once, naming both versions, and the session still works', async () => {
    const { s, events } = start('2.1.999');
    await waitFor(() => s.status === 'ready', 'ready', 10_000);
    expect(warnings(events)).toHaveLength(1);
    const w = warnings(events)[0];
    expect(w?.kind === 'notice' && w.level).toBe('warning');
    expect(w?.kind === 'notice' && w.text).toContain('2.1.999');
    expect(w?.kind === 'notice' && w.text).toContain(TESTED_CLI_VERSION);
    s.send('Say hello');
    await waitFor(() => events.some((e) => e.kind === 'result'), 'result', 10_000);
    await waitFor(() => s.status === 'ready', 'ready after the turn', 10_000);
    // system/init repeats the version: still one warning.
    expect(warnings(events)).toHaveLength(1);
    const view = applyEvents(emptySession('canary', here, 0), events);
    expect(view.info).toMatchObject({ cliVersion: '2.1.999', testedCliVersion: TESTED_CLI_VERSION });
    expect(view.items.map((i) => i.type)).toEqual(['notice', 'user', 'assistant']);
  });

  it('says nothing for the tested version', async () => {
    const { s, events } = start();
    await waitFor(() => s.status === 'ready', 'ready', 10_000);
    s.send('Say hello');
    await waitFor(() => events.some((e) => e.kind === 'result'), 'result', 10_000);
    expect(warnings(events)).toEqual([]);
    expect(applyEvents(emptySession('c', here, 0), events).info.testedCliVersion).toBe(TESTED_CLI_VERSION);
  });
});
