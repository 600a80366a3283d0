// The transcript reader's support for resume, fork and restore: a conversation cut after a
// record, a record found by uuid, a cut-off turn told from one the person stopped, the person's
// title; and the fork flags that reach the CLI's command line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRecord, readConversation } from '../../../electron/core/protocol/transcript-file';
import { summarizeFrom, summarizeTranscript } from '../../../electron/core/protocol/transcript-summary';
import { spawnArgs, spawnChoicesProblem } from '../../../electron/core/spawn-args';

let dir: string;
const SID = '0d6c1a55-1111-4222-8333-944455556666';
const ts = (s: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, s)).toISOString();
const rec = (o: object) => JSON.stringify(o);
const user = (text: string, uuid: string, parentUuid: string | null) =>
  rec({ type: 'user', message: { role: 'user', content: text }, uuid, parentUuid, timestamp: ts(1) });
const reply = (text: string, uuid: string, parentUuid: string, id = `m-${uuid}`) =>
  rec({ type: 'assistant', message: { id, role: 'assistant', content: [{ type: 'text', text }] }, uuid, parentUuid, timestamp: ts(2) });
const interrupt = (uuid: string, parentUuid: string) =>
  rec({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user]' }] }, uuid, parentUuid, timestamp: ts(3) });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-transcript-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(lines: string[]): string {
  const f = path.join(dir, `${SID}.jsonl`);
  fs.writeFileSync(f, lines.join('\n') + '\n');
  return f;
}

const prompts = (events: Awaited<ReturnType<typeof readConversation>>['events']) => events.flatMap((e) => (e.kind === 'user' ? [e.text] : []));

describe('reading a conversation for resume and fork', () => {
  it('reads everything, or stops after the record a fork is cut at', async () => {
    const f = write([
      user('one', 'u1', null),
      reply('a', 'a1', 'u1'),
      rec({ type: 'attachment', uuid: 'x1', parentUuid: 'a1' }),
      user('two', 'u2', 'x1'),
      reply('b', 'a2', 'u2'),
    ]);
    expect(prompts((await readConversation(f)).events)).toEqual(['one', 'two']);
    const cut = await readConversation(f, { through: 'x1' });
    expect(prompts(cut.events)).toEqual(['one']);
    expect(cut.events.some((e) => e.kind === 'block' && e.block.type === 'text' && e.block.text === 'a')).toBe(true);
    expect(cut.cutOff).toBe(false);
  });

  it('tells a prompt that got no reply from one the person stopped', async () => {
    const cut = await readConversation(write([user('one', 'u1', null), reply('a', 'a1', 'u1'), user('two', 'u2', 'a1')]));
    expect(cut).toMatchObject({ cutOff: true, lastPromptId: 'u2' });
    const stopped = write([user('one', 'u1', null), interrupt('i1', 'u1')]);
    expect((await readConversation(stopped)).cutOff).toBe(false);
    expect((await summarizeTranscript(stopped, SID)).cutOff).toBe(false);
  });

  it("reads the CLI's origin stamp: a record another speaker wrote is never the person's prompt", async () => {
    const stamped = (text: string, uuid: string, parentUuid: string | null, origin: object) =>
      rec({ type: 'user', message: { role: 'user', content: text }, uuid, parentUuid, timestamp: ts(1), origin });
    const f = write([
      stamped('typed by the person', 'u1', null, { kind: 'human' }),
      reply('a', 'a1', 'u1'),
      stamped('from the api session', 'u2', 'a1', { kind: 'peer', from: 'tab-api', fromMode: 'prompting' }),
      reply('b', 'a2', 'u2'),
      stamped('a scheduled prompt', 'u3', 'a2', { kind: 'task-notification', subkind: 'scheduled-trigger' }),
      reply('c', 'a3', 'u3'),
      // No stamp at all: a transcript from before the person's messages were stamped.
      user('older prompt', 'u4', 'a3'),
    ]);
    const { events } = await readConversation(f);
    expect(prompts(events)).toEqual(['typed by the person', 'older prompt']);
    // The others are still shown, as context the person did not write.
    expect(events.filter((e) => e.kind === 'context').map((e) => (e.kind === 'context' ? [e.id, e.text] : []))).toEqual([
      ['u2', 'from the api session'],
      ['u3', 'a scheduled prompt'],
    ]);
    expect(await findRecord(f, 'u2')).toEqual({ type: 'user', parentUuid: 'a1', prompt: undefined });
  });

  it('carries the title the person gave, in the summary and the conversation', async () => {
    const f = write([user('one', 'u1', null), reply('a', 'a1', 'u1'), rec({ type: 'custom-title', customTitle: 'Banana  plan', sessionId: SID })]);
    expect((await readConversation(f)).customTitle).toBe('Banana  plan');
    expect(await summarizeTranscript(f, SID)).toMatchObject({ title: 'Banana plan', customTitle: 'Banana plan', lastPromptId: 'u1' });
  });

  it('finds a record by uuid with its parent and prompt, and nothing for an unknown one', async () => {
    const f = write([user('one', 'u1', null), reply('a', 'a1', 'u1'), user('two', 'u2', 'a1')]);
    expect(await findRecord(f, 'u2')).toEqual({ type: 'user', parentUuid: 'a1', prompt: 'two' });
    expect(await findRecord(f, 'u1')).toEqual({ type: 'user', parentUuid: null, prompt: 'one' });
    expect(await findRecord(f, 'a1')).toMatchObject({ type: 'assistant', parentUuid: 'u1', prompt: undefined });
    expect(await findRecord(f, 'nope')).toBeUndefined();
  });
});

describe('summaries of a growing transcript', () => {
  it('continue from where the last read stopped, and only at a line end', async () => {
    const f = write([user('one', 'u1', null), reply('a', 'a1', 'u1'), user('two', 'u2', 'a1')]);
    const first = await summarizeFrom(f, SID);
    expect(first.summary).toMatchObject({ messageCount: 3, cutOff: true, lastPrompt: 'two' });
    expect(first.progress?.offset).toBe(fs.statSync(f).size);
    // Overwrite the middle in place: a read from the start would now count differently.
    const text = fs.readFileSync(f, 'utf8');
    const at = text.indexOf('"a"');
    fs.writeFileSync(f, text.slice(0, at) + '"A"' + text.slice(at + 3));
    fs.appendFileSync(f, reply('b', 'a2', 'u2') + '\n' + reply('c', 'a3', 'a2').slice(0, 30));
    const second = await summarizeFrom(f, SID, first.progress);
    expect(second.summary).toMatchObject({ messageCount: 4, cutOff: false });
    // The last line is still being written: no progress is kept, so it is read whole next time.
    expect(second.progress).toBeUndefined();
    fs.appendFileSync(f, reply('c', 'a3', 'a2').slice(30) + '\n');
    const third = await summarizeFrom(f, SID, first.progress);
    expect(third.summary.messageCount).toBe(5);
    expect(third.summary).toEqual(await summarizeTranscript(f, SID));
  });

  it('start again when the file was replaced', async () => {
    const f = write([user('one', 'u1', null), reply('a', 'a1', 'u1')]);
    const first = await summarizeFrom(f, SID);
    write([user('other', 'x1', null)]);
    fs.appendFileSync(f, reply('z', 'z1', 'x1') + '\n' + reply('y', 'y1', 'z1') + '\n');
    const again = await summarizeFrom(f, SID, first.progress);
    expect(again.summary).toMatchObject({ title: 'other', messageCount: 3 });
  });
});

describe('fork flags', () => {
  const from = '11111111-2222-4333-8444-555555555555';
  const to = '66666666-7777-4888-9999-000000000000';
  const at = '0b6f8c52-6d0e-4a55-9a3b-4c1f3f6b2a10';

  it('resume the source, fork under the chosen id, cut at the message', () => {
    expect(spawnArgs({ resume: from, fork: { sessionId: to, at } })).toEqual([
      '--resume',
      from,
      '--fork-session',
      '--session-id',
      to,
      '--resume-session-at',
      at,
    ]);
    expect(spawnArgs({ resume: from, fork: { sessionId: to } })).toEqual(['--resume', from, '--fork-session', '--session-id', to]);
  });

  it('refuse a fork of nothing, and ids that are not ids', () => {
    expect(spawnChoicesProblem({ fork: { sessionId: to } })?.message).toMatch(/saved session/);
    expect(spawnChoicesProblem({ resume: from, fork: { sessionId: '--model' } })?.kind).toBe('invalid-input');
    expect(spawnChoicesProblem({ resume: from, fork: { sessionId: to, at: 'x --dangerously-skip-permissions' } })?.message).toMatch(/not a message id/);
  });
});
