// Which transcript records a resumed session notes as "not shown": only an unknown record that
// looks like a conversation entry. The CLI's own bookkeeping, known or new, is skipped quietly
// and counted for the log. The records are the shapes 2.1.337 wrote into a transcript against
// the fake API (long fields cut), plus made-up future types of each kind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConversation } from '../../../electron/core/protocol/transcript-file';
import { carriesConversation } from '../../../electron/core/protocol/transcript-records';

const SID = '41a5acc9-6ba4-4055-8d86-03d10e6efc4f';
const at = '2026-12-06T03:53:08.730Z';

/** Bookkeeping as 2.1.337 writes it: no message, no place in the uuid chain. */
const RECORDED_BOOKKEEPING = [
  { type: 'api-request-route', provider: 'customEndpoint', credential: 'key', sessionId: SID },
  { type: 'queue-operation', operation: 'enqueue', timestamp: at, sessionId: SID, content: 'hello there' },
  { type: 'atis-latch', atis: '', sessionId: SID },
  { type: 'last-prompt', lastPrompt: 'hello there', leafUuid: '012180ab-f75f-479e-a288-ba5295627457', sessionId: SID },
  { type: 'cost-state', sessionId: SID, totalCostUSD: 0, totalAPIDuration: 0, modelUsage: {}, hasUnknownModelCost: false },
  { type: 'api-request-shape', sessionId: SID, shapeHash: 'd329262e', timestamp: at, version: '2.1.337', shape: { system: [] } },
];

const user = {
  parentUuid: null,
  isSidechain: false,
  type: 'user',
  message: { role: 'user', content: 'hello there' },
  uuid: 'u1',
  timestamp: at,
  sessionId: SID,
};
const assistant = {
  parentUuid: 'u1',
  isSidechain: false,
  type: 'assistant',
  message: { id: 'msg_1', role: 'assistant', content: [{ type: 'text', text: 'Hello back.' }] },
  uuid: 'a1',
  timestamp: at,
  sessionId: SID,
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-records-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function transcript(records: object[]): string {
  const f = path.join(dir, `${SID}.jsonl`);
  fs.writeFileSync(f, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return f;
}

const notes = (events: Awaited<ReturnType<typeof readConversation>>['events']) =>
  events.flatMap((e) => (e.kind === 'notice' && e.code === 'records-not-shown' ? [e.text] : []));

describe('what counts as a conversation entry', () => {
  it('the recorded bookkeeping carries none', () => {
    for (const r of RECORDED_BOOKKEEPING) expect(carriesConversation(r), r.type).toBe(false);
  });

  it('a message, a uuid or a parent uuid makes a record one', () => {
    expect(carriesConversation(user)).toBe(true);
    expect(carriesConversation({ type: 'x', message: { role: 'user', content: 'hi' } })).toBe(true);
    expect(carriesConversation({ type: 'x', uuid: 'r1' })).toBe(true);
    expect(carriesConversation({ type: 'x', parentUuid: 'u1' })).toBe(true);
    // The first record of a chain has parentUuid null; null alone is no place in it.
    expect(carriesConversation({ type: 'x', parentUuid: null, sessionId: SID })).toBe(false);
  });
});

describe('unknown records on resume', () => {
  it('2.1.337’s api-request-route, and the rest of its bookkeeping, leave no note', async () => {
    const conv = await readConversation(transcript([RECORDED_BOOKKEEPING[0]!, user, ...RECORDED_BOOKKEEPING, assistant, RECORDED_BOOKKEEPING[0]!]));
    expect(conv.events.map((e) => e.kind)).toEqual(['user', 'block']);
    expect(notes(conv.events)).toEqual([]);
    // Only the type clide did not know is counted, for the log.
    expect([...conv.skipped]).toEqual([['api-request-route', 3]]);
  });

  it('a future bookkeeping record is skipped quietly too, and counted', async () => {
    const conv = await readConversation(transcript([user, { type: 'session-meter', sessionId: SID, ticks: 4 }, assistant]));
    expect(notes(conv.events)).toEqual([]);
    expect([...conv.skipped]).toEqual([['session-meter', 1]]);
  });

  it('a future record that looks like a conversation entry is noted as not shown', async () => {
    const entry = { parentUuid: 'a1', isSidechain: false, type: 'marble-origami-commit', uuid: 'c1', timestamp: at, sessionId: SID, summary: 'kept' };
    const message = { type: 'whisper', message: { role: 'user', content: 'psst' }, sessionId: SID };
    const conv = await readConversation(transcript([user, assistant, entry, entry, message, RECORDED_BOOKKEEPING[0]!]));
    expect(notes(conv.events)).toEqual(['Not shown: 2 records of type marble-origami-commit.', 'Not shown: 1 record of type whisper.']);
    expect([...conv.skipped]).toEqual([['api-request-route', 1]]);
  });

  it('a system record of an unknown subtype is still noted (it has its place in the chain)', async () => {
    const conv = await readConversation(transcript([user, { type: 'system', subtype: 'weather_report', uuid: 's1', parentUuid: 'u1', timestamp: at }]));
    expect(notes(conv.events)).toEqual(['Not shown: 1 record of type system (weather_report).']);
  });
});
