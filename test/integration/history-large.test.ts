// A 100 MB transcript lists and opens with bounded memory: records are streamed and parsed one
// line at a time, and tool results are capped when loaded from history.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { History, projectSlug } from '../../electron/core/history';
import { applyEvents, emptySession, toolCalls } from '../../shared/transcript';
import { cpuTime } from '../support/cpu-time';

const SID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
let dir: string;
let file: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-big-'));
  const proj = path.join(dir, 'projects', projectSlug('/work/big'));
  fs.mkdirSync(proj, { recursive: true });
  file = path.join(proj, `${SID}.jsonl`);
  const fd = fs.openSync(file, 'w');
  const blob = 'log line with some text in it\n'.repeat(3500); // ~105 KB per tool result
  let bytes = 0;
  for (let i = 0; bytes < 100 * 1024 * 1024; i++) {
    const ts = new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString();
    const lines = [
      { type: 'user', message: { role: 'user', content: `prompt ${i}` }, uuid: `u${i}`, timestamp: ts, cwd: '/work/big' },
      {
        type: 'assistant',
        message: { id: `m${i}`, role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: 'cat log' } }] },
        uuid: `a${i}`,
        timestamp: ts,
      },
      { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: blob }] }, uuid: `r${i}`, timestamp: ts },
      { type: 'assistant', message: { id: `n${i}`, role: 'assistant', content: [{ type: 'text', text: `answer ${i}` }] }, uuid: `b${i}`, timestamp: ts },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    fs.writeSync(fd, lines + '\n');
    bytes += lines.length + 1;
  }
  fs.closeSync(fd);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function heapMb(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

describe('a 100 MB transcript', () => {
  it('lists with bounded memory', async () => {
    expect(fs.statSync(file).size).toBeGreaterThan(100 * 1024 * 1024);
    const before = heapMb();
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed / 1024 / 1024)), 5);
    const list = await new History(dir).list();
    clearInterval(timer);
    expect(list).toHaveLength(1);
    expect(list[0]!.messageCount).toBeGreaterThan(1900);
    expect(list[0]!.title).toBe('prompt 0');
    // Streaming keeps the working set to a few lines, far below the file's size.
    expect(peak - before).toBeLessThan(60);
  });

  it('lists again after the session grew by reading only what was appended', async () => {
    const history = new History(dir);
    const { value: first, ms: full } = await cpuTime(() => history.list());
    const ts = new Date(Date.UTC(2027, 0, 1)).toISOString();
    fs.appendFileSync(file, JSON.stringify({ type: 'user', message: { role: 'user', content: 'one more prompt' }, uuid: 'late', timestamp: ts }) + '\n');
    const { value: again, ms: incremental } = await cpuTime(() => history.list());
    expect(again[0]!.messageCount).toBe(first[0]!.messageCount + 1);
    expect(again[0]).toMatchObject({ lastPrompt: 'one more prompt', cutOff: true, lastActivity: Date.parse(ts) });
    // A full read of 100 MB takes hundreds of milliseconds of CPU; the appended line takes a few.
    // (CPU time, not elapsed time: other processes competing for the cores do not count.)
    expect(incremental).toBeLessThan(full / 5);
  });

  it('opens into a view that keeps a bounded amount of each tool result', async () => {
    const before = heapMb();
    const events = await new History(dir).events(SID, '/work/big');
    const view = applyEvents(emptySession('x', '/work/big'), events);
    expect(view.items.length).toBeGreaterThan(2800);
    const kept = toolCalls(view).reduce((n, t) => n + (t.result?.content.length ?? 0), 0);
    // Each ~105 KB result is capped, so the view holds well under the file's 100 MB.
    expect(kept).toBeLessThan(40 * 1024 * 1024);
    expect(heapMb() - before).toBeLessThan(250);
  });
});
