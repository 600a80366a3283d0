import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { History, claudeConfigDir, projectSlug } from '../../../electron/core/history';
import { transcriptEvents } from '../../../electron/core/protocol/transcript-file';
import { summarizeTranscript } from '../../../electron/core/protocol/transcript-summary';
import { applyEvents, blocksOf, emptySession, toolOf } from '../../../shared/transcript';

let dir: string;
const SID = '0d6c1a55-1111-4222-8333-944455556666';

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-history-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const ts = (s: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, s)).toISOString();
const user = (text: string, s: number, extra: object = {}) =>
  JSON.stringify({
    type: 'user',
    message: { role: 'user', content: text },
    uuid: `u${s}`,
    timestamp: ts(s),
    cwd: '/home/me/proj',
    version: '2.1.332',
    ...extra,
  });
const assistant = (id: string, block: object, s: number) =>
  JSON.stringify({ type: 'assistant', message: { id, role: 'assistant', model: 'claude-opus-5-5', content: [block] }, uuid: `a${s}`, timestamp: ts(s) });
const toolResult = (toolUseId: string, content: string, s: number) =>
  JSON.stringify({
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content }] },
    toolUseResult: { type: 'create', filePath: 'a.txt' },
    uuid: `t${s}`,
    timestamp: ts(s),
  });

function write(lines: string[], name = `${SID}.jsonl`, project = projectSlug('/home/me/proj')): string {
  const d = path.join(dir, 'projects', project);
  fs.mkdirSync(d, { recursive: true });
  const f = path.join(d, name);
  fs.writeFileSync(f, lines.join('\n') + '\n');
  return f;
}

describe('transcript summaries', () => {
  it('takes the first prompt as title, counts messages, reads cwd and last activity', async () => {
    const f = write([
      JSON.stringify({ type: 'queue-operation', operation: 'enqueue', content: 'x' }),
      user('Fix the   login bug\nplease', 1),
      assistant('m1', { type: 'text', text: 'Looking.' }, 2),
      assistant('m1', { type: 'tool_use', id: 't1', name: 'Write', input: {} }, 3),
      toolResult('t1', 'ok', 4),
      assistant('m2', { type: 'text', text: 'Done.' }, 5),
    ]);
    const s = await summarizeTranscript(f, SID);
    expect(s).toMatchObject({ title: 'Fix the login bug please', messageCount: 3, cwd: '/home/me/proj', cliVersion: '2.1.332', cutOff: false });
    expect(s.lastActivity).toBe(Date.parse(ts(5)));
  });

  it('prefers a custom title, then the generated title, then a summary', async () => {
    const base = [user('first prompt', 1), assistant('m1', { type: 'text', text: 'a' }, 2)];
    expect((await summarizeTranscript(write([...base, JSON.stringify({ type: 'summary', summary: 'A summary' })]), SID)).title).toBe('A summary');
    expect(
      (
        await summarizeTranscript(
          write([...base, JSON.stringify({ type: 'ai-title', aiTitle: 'Generated' }), JSON.stringify({ type: 'summary', summary: 'S' })]),
          SID,
        )
      ).title,
    ).toBe('Generated');
    expect(
      (
        await summarizeTranscript(
          write([...base, JSON.stringify({ type: 'custom-title', customTitle: 'Mine' }), JSON.stringify({ type: 'ai-title', aiTitle: 'G' })]),
          SID,
        )
      ).title,
    ).toBe('Mine');
  });

  it('marks a session whose last prompt got no reply as cut off', async () => {
    const f = write([user('one', 1), assistant('m1', { type: 'text', text: 'a' }, 2), user('two', 3)]);
    expect((await summarizeTranscript(f, SID)).cutOff).toBe(true);
  });

  it('tolerates a truncated last line and unknown record types', async () => {
    const f = write([
      user('hello', 1),
      JSON.stringify({ type: 'some-future-record', uuid: 'f1', parentUuid: 'u1', data: [1, 2] }),
      assistant('m1', { type: 'text', text: 'hi' }, 2),
    ]);
    fs.appendFileSync(f, '{"type":"assistant","message":{"id":"m2","content":[{"type":"te');
    const s = await summarizeTranscript(f, SID);
    expect(s.messageCount).toBe(2);
    const events = await transcriptEvents(f);
    const view = applyEvents(emptySession('x', '/'), events);
    // The unknown record is not shown, but the transcript says so.
    expect(view.items.map((i) => i.type)).toEqual(['user', 'assistant', 'notice']);
    expect(view.items.at(-1)).toMatchObject({ code: 'records-not-shown', text: 'Not shown: 1 record of type some-future-record.' });
  });

  it('does not count injected context, tool results or slash-command records as prompts', async () => {
    const f = write([
      user('<command-name>/compact</command-name>', 1),
      user('Base directory for this skill: /x/banana', 2, { isMeta: true }),
      user('real prompt', 3),
      toolResult('t1', 'ok', 4),
    ]);
    const s = await summarizeTranscript(f, SID);
    expect(s.title).toBe('real prompt');
    expect(s.messageCount).toBe(1);
  });
});

describe('transcript events', () => {
  it('renders like a live session: prompts, merged assistant blocks, tool results, context cards', async () => {
    const f = write([
      user('Write a.txt', 1),
      assistant('m1', { type: 'text', text: 'Writing.' }, 2),
      assistant('m1', { type: 'tool_use', id: 't1', name: 'Write', input: { file_path: 'a.txt', content: 'A' } }, 3),
      toolResult('t1', 'File created', 4),
      user('Base directory for this skill: /skills/banana\n\nBody', 5, { isMeta: true }),
      assistant('m2', { type: 'text', text: 'Done.' }, 6),
    ]);
    const view = applyEvents(emptySession('x', '/'), await transcriptEvents(f));
    expect(view.items.map((i) => i.type)).toEqual(['user', 'assistant', 'context', 'assistant']);
    const a = view.items[1];
    expect(a?.type === 'assistant' && blocksOf(a).map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(toolOf(view, 't1')?.result).toMatchObject({ content: 'File created', isError: false, structured: { type: 'create' } });
    expect(view.items[2]).toMatchObject({ type: 'context', source: 'skill', label: 'Skill: banana' });
  });

  it('caps huge tool results so a big history opens quickly', async () => {
    const f = write([user('go', 1), assistant('m1', { type: 'tool_use', id: 't1', name: 'Bash', input: {} }, 2), toolResult('t1', 'x'.repeat(10_000), 3)]);
    const view = applyEvents(emptySession('x', '/'), await transcriptEvents(f, { maxToolResultChars: 1000 }));
    expect(toolOf(view, 't1')?.result?.content.length).toBeLessThan(1100);
    expect(toolOf(view, 't1')?.result?.content).toContain('9,000 more characters');
  });
});

describe('History', () => {
  it('lists sessions across projects newest first and finds a session file by id', async () => {
    write([user('older', 1), assistant('m1', { type: 'text', text: 'a' }, 2)], '11111111-1111-4111-8111-111111111111.jsonl', '-a');
    write([user('newer', 30), assistant('m2', { type: 'text', text: 'b' }, 31)], '22222222-2222-4222-8222-222222222222.jsonl', '-b');
    write([JSON.stringify({ type: 'summary', summary: 'no messages' })], '33333333-3333-4333-8333-333333333333.jsonl', '-b');
    fs.writeFileSync(path.join(dir, 'projects', '-b', 'not-a-session.jsonl'), '{}\n');
    const h = new History(dir);
    const list = await h.list();
    expect(list.map((s) => s.title)).toEqual(['newer', 'older']);
    expect(await h.find('22222222-2222-4222-8222-222222222222')).toContain(path.join('-b', '22222222'));
    expect(await h.find('../../etc/passwd')).toBeUndefined();
  });

  it('re-reads only changed files', async () => {
    const f = write([user('first', 1), assistant('m1', { type: 'text', text: 'a' }, 2)]);
    const h = new History(dir);
    expect((await h.list())[0]?.messageCount).toBe(2);
    fs.appendFileSync(f, user('second', 3) + '\n');
    expect((await h.list())[0]?.messageCount).toBe(3);
  });

  it('returns nothing (not an error) when the projects folder does not exist', async () => {
    expect(await new History(path.join(dir, 'nope')).list()).toEqual([]);
  });

  it('finds the config dir from CLAUDE_CONFIG_DIR or the home folder', () => {
    expect(claudeConfigDir({ CLAUDE_CONFIG_DIR: '/cfg' }, '/home/me')).toBe('/cfg');
    expect(claudeConfigDir({}, '/home/me')).toBe(path.join('/home/me', '.claude'));
    expect(projectSlug('/tmp/clide-test-3PZ1tz/work')).toBe('-tmp-clide-test-3PZ1tz-work');
  });
});
