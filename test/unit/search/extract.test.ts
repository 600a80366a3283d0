// Records -> searchable pieces, on transcripts in the CLI's real formats (fixtures/transcripts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocs, mayIndex, mayIndexBytes, type IndexDoc, type RecordContext } from '../../../electron/core/search/extract';
import { ftsExpression, matchRanges, parseQuery } from '../../../electron/core/search/query-text';
import { makeSnippet } from '../../../electron/core/search/snippet';
import type { TranscriptRecord } from '../../../electron/core/protocol/transcript-file';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/transcripts');

function docsOf(file: string, ctx: RecordContext = { toolNames: new Map() }): IndexDoc[] {
  const out: IndexDoc[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    expect(mayIndexBytes(Buffer.from(line)), line.slice(0, 80)).toBe(mayIndex(line));
    if (!mayIndex(line)) {
      // The pre-check never drops a record that has something to index.
      expect(extractDocs(JSON.parse(line) as TranscriptRecord, { toolNames: new Map() })).toEqual([]);
      continue;
    }
    out.push(...extractDocs(JSON.parse(line) as TranscriptRecord, ctx));
  }
  return out;
}

const brief = (d: IndexDoc) => ({ field: d.field, text: d.text.slice(0, 60), target: d.target, tool: d.tool });

describe('what is indexed of a 2.1.332 transcript', () => {
  const dir = path.join(FIXTURES, '2.1.332-background-agent/projects/-tmp-clide-fixture-work');
  const id = '305e9d32-7225-45f7-823c-2d7affbfa280';

  it('the prompt, the replies, tool inputs and outputs with their tool names; no injected text', () => {
    const docs = docsOf(path.join(dir, `${id}.jsonl`)).map(brief);
    expect(docs).toContainEqual({
      field: 'prompt',
      text: 'Please run echo for the wombat',
      target: { itemId: '57948c7e-f808-4a88-adf5-9f3d642b7534' },
      tool: undefined,
    });
    expect(docs).toContainEqual({
      field: 'tool-input',
      text: 'echo platypus-output\nsay it',
      target: { itemId: 'msg_fake_mx54swv9_6yf6rz', toolUseId: 'toolu_fake_1' },
      tool: 'Bash',
    });
    expect(docs).toContainEqual({ field: 'tool-output', text: 'platypus-output', target: { toolUseId: 'toolu_fake_1' }, tool: 'Bash' });
    expect(docs).toContainEqual({ field: 'reply', text: 'All done: the zebra reply.', target: { itemId: 'msg_fake_mx54sz8f_s196rl' }, tool: undefined });
    const all = docs.map((d) => d.text).join('\n');
    // Attachments, reminders, the system prompt and the task notification are the CLI's, not the conversation.
    expect(all).not.toMatch(/system-reminder|task-notification|You are an agent/);
  });

  it("a subagent's own file: its prompt and reply belong to the Task card named in its .meta.json", () => {
    const file = path.join(dir, id, 'subagents', 'agent-a8401f8635fb57d0a.jsonl');
    const docs = docsOf(file, { toolNames: new Map(), agentToolUseId: 'toolu_fake_2' }).map(brief);
    expect(docs).toEqual([
      { field: 'prompt', text: 'Find the word quokka', target: { toolUseId: 'toolu_fake_2' }, tool: undefined },
      { field: 'reply', text: 'The subagent found a quokka.', target: { toolUseId: 'toolu_fake_2' }, tool: undefined },
    ]);
  });
});

describe('what is indexed of a 1.0.58 transcript', () => {
  const file = path.join(FIXTURES, '1.0.58-sidechain/projects/-home-dev-app/7b3c9e21-5d4a-4f8e-9a1b-2c3d4e5f6a7b.jsonl');

  it('slash commands with their arguments, thinking, in-file subagent records under their Task, edits, the summary title', () => {
    const docs = docsOf(file).map(brief);
    expect(docs[0]).toEqual({ field: 'prompt', text: '/review 42', target: { itemId: '10000000-0000-4000-8000-000000000001' }, tool: undefined });
    // The session starts with the command, so it is also its title until a better one (found by title search).
    expect(docs[1]).toEqual({ field: 'title', text: '/review 42', target: {}, tool: undefined });
    expect(docs.filter((d) => d.field === 'title')).toHaveLength(2);
    expect(docs).toContainEqual({
      field: 'thinking',
      text: 'The locale is probably read before the store loads.',
      target: { itemId: 'msg_01AbcCurrency' },
      tool: undefined,
    });
    // isSidechain records sit in the session's file while the Task runs: they point at its card.
    expect(docs).toContainEqual({
      field: 'prompt',
      text: 'Search the code for Intl.NumberFormat and report the files',
      target: { toolUseId: 'toolu_01Task' },
      tool: undefined,
    });
    expect(docs).toContainEqual({
      field: 'tool-output',
      text: 'src/money/format-price.ts\nsrc/cart/totals.ts',
      target: { toolUseId: 'toolu_01Task' },
      tool: 'Grep',
    });
    expect(docs).toContainEqual(expect.objectContaining({ field: 'tool-input', tool: 'Edit', target: { itemId: 'msg_01Edit', toolUseId: 'toolu_01Edit' } }));
    expect(docs[docs.length - 1]).toEqual({ field: 'title', text: 'Checkout currency symbol fix', target: {}, tool: undefined });
    // The Edit's toolUseResult repeats the file; the caveat is injected: neither is indexed.
    expect(docs.map((d) => d.text).join('\n')).not.toMatch(/Caveat|import \{ formatPrice \}/);
  });
});

describe("a file read's line numbers are not indexed", () => {
  const notes = Array.from({ length: 12 }, (_, i) => `line ${i + 1} of the notes`);
  const result = (content: string, toolUseResult?: unknown): TranscriptRecord => ({
    type: 'user',
    message: { role: 'user', content: [{ tool_use_id: 'toolu_fake_1', type: 'tool_result', content }] },
    uuid: 'd010baa3-2015-4031-bb97-7a485be88523',
    ...(toolUseResult ? { toolUseResult } : {}),
  });
  const indexed = (r: TranscriptRecord) => extractDocs(r, { toolNames: new Map([['toolu_fake_1', 'Read']]) }).map((d) => d.text);

  it('2.1.332: "12\\t" before each line, and a toolUseResult naming the file read', () => {
    // As the pinned CLI wrote it (recorded against the fake API, trimmed to the fields read here).
    const record = result(`${notes.map((l, i) => `${i + 1}\t${l}`).join('\n')}\n13\t`, {
      type: 'text',
      file: { filePath: 'notes.txt', content: `${notes.join('\n')}\n`, numLines: 13, startLine: 1, totalLines: 13 },
    });
    expect(indexed(record)).toEqual([`${notes.join('\n')}\n`]);
    // The snippet a hit shows is cut from the same text: no numbers in it either.
    expect(makeSnippet(indexed(record)[0]!, parseQuery('notes')).text).toMatch(/^line 1 of the notes line 2/);
  });

  it('older versions: "    12→" before each line', () => {
    const record = result(notes.map((l, i) => `${String(i + 1).padStart(6)}\u2192${l}`).join('\n'));
    expect(indexed(record)).toEqual([notes.join('\n')]);
  });

  it("other tools' output keeps numbers at the start of its lines", () => {
    const tsv = '1\talice\n2\tbob';
    expect(indexed(result(tsv, { stdout: tsv, stderr: '', interrupted: false }))).toEqual([tsv]);
    expect(indexed(result('404\tnot found'))).toEqual(['404\tnot found']);
  });
});

describe('the check before parsing', () => {
  it('reads the type off the bytes, also when a line was written with spaces', () => {
    expect(mayIndexBytes(Buffer.from('{"type": "assistant", "message": {}}'))).toBe(true);
    expect(mayIndexBytes(Buffer.from('{"type":"api-request-shape","shape":{"role":"user"}}'))).toBe(false);
  });
});

describe('query text', () => {
  it('turns anything typed into FTS5 terms: words, quoted phrases, punctuation, a prefix on the last word', () => {
    expect(ftsExpression(parseQuery('wombat'))).toBe('"wombat" *');
    expect(ftsExpression(parseQuery('wombat '))).toBe('"wombat"');
    expect(ftsExpression(parseQuery('"the zebra" rep'))).toBe('"the zebra" "rep" *');
    expect(ftsExpression(parseQuery('foo.bar() AND NOT "x'))).toBe('"foo bar" "and" "not" "x"');
    expect(ftsExpression(parseQuery('a'))).toBe('"a"');
    expect(ftsExpression(parseQuery('*** " ( ) :'))).toBeUndefined();
    expect(ftsExpression(parseQuery('Café'))).toBe('"café" *');
  });

  it('marks whole words, and a prefix word inside a longer one, case-insensitively', () => {
    const text = 'Testing the test; a tester TESTS contest';
    expect(matchRanges(text, parseQuery('test ')).map(([a, b]) => text.slice(a, b))).toEqual(['test']);
    expect(matchRanges(text, parseQuery('test')).map(([a, b]) => text.slice(a, b))).toEqual(['Testing', 'test', 'tester', 'TESTS']);
  });

  it('a snippet is one line around the first match, cut at words, with the match ranges in it', () => {
    const long = `${'lorem ipsum '.repeat(20)}the platypus\n\nsaid   hello ${'dolor sit '.repeat(30)}`;
    const s = makeSnippet(long, parseQuery('platypus hello'));
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text).toContain('the platypus said hello');
    expect(s.ranges.map(([a, b]) => s.text.slice(a, b))).toEqual(['platypus', 'hello']);
  });
});
