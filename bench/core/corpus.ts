// Streams to replay: the stdout of the recorded real-CLI sessions in fixtures/*.jsonl (the mix
// of small deltas a session really produces), and tool results of 1 MB and 4 MB shaped like the
// CLI's own (a Bash result: `content` plus a `tool_use_result` that repeats the output).
import fs from 'node:fs';
import path from 'node:path';

// Suites run with the repository root as cwd (scripts/bench.mjs), bundled or not.
const root = process.cwd();

/** Messages that need a live peer (control traffic) are left out of replays. */
const CONTROL = new Set(['control_request', 'control_response', 'control_cancel_request']);

/** Stdout lines of recorded sessions: every fixture in `dir`, or the named files. */
export function recordedLines(dir = path.join(root, 'fixtures'), names?: string[]): string[] {
  const out: string[] = [];
  for (const f of names ?? fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.jsonl')) continue;
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const type = (JSON.parse(line) as { type?: string }).type ?? '';
      if (type === 'clide_fixture' || type === 'clide_stdin' || CONTROL.has(type)) continue;
      out.push(line);
    }
  }
  if (out.length === 0) throw new Error('no recorded stdout lines in fixtures/*.jsonl');
  return out;
}

/**
 * C1's stream: a recorded session of long streamed replies (bench/core/streams, mostly text
 * deltas, as a real session is) followed by the project's recorded fixtures (tools, prompts,
 * subagents, retries), repeated until it is about `bytes` long.
 */
export function smallMix(bytes: number): string[] {
  const base = recordedLines(path.join(root, 'bench', 'core', 'streams'), ['long-replies.jsonl']);
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const l = base[i % base.length]!;
    out.push(l);
    size += l.length + 1;
  }
  return out;
}

const ASCII_OUTPUT = [
  'src/store/sessions.ts:118:9  warning  Unexpected any. Specify a different type  @typescript-eslint/no-explicit-any',
  '    at Object.<anonymous> (/home/dev/project/node_modules/vitest/dist/index.js:1:2345)',
  'drwxr-xr-x  5 dev dev  4096 Mar  3 10:42 node_modules/@scope/package-name',
  '{"level":"info","msg":"request handled","path":"/api/health","status":200,"ms":3}',
  'diff --git a/src/router.ts b/src/router.ts',
  "+  router.get('/health', (_req, res) => res.json({ ok: true }));",
  '\t"version": "1.0.0",',
  'export function applyEvent(v: SessionView, e: SessionEvent): SessionView {',
];

/**
 * Command output of about `bytes` characters. `unicode` mixes in the symbols test runners and
 * build tools print (a check mark, an arrow), which makes the text non-ASCII throughout.
 */
export function commandOutput(bytes: number, unicode = true): string {
  if (!unicode) {
    let s = '';
    for (let i = 0; s.length < bytes; i++) s += `${ASCII_OUTPUT[i % ASCII_OUTPUT.length]}\n`;
    return s.slice(0, bytes);
  }
  const lines = [
    ' \u2713 src/components/transcript-item.test.tsx (12 tests) 41ms',
    'src/store/sessions.ts:118:9  warning  Unexpected any. Specify a different type  @typescript-eslint/no-explicit-any',
    '    at Object.<anonymous> (/home/dev/project/node_modules/vitest/dist/index.js:1:2345)',
    'drwxr-xr-x  5 dev dev  4096 Mar  3 10:42 node_modules/@scope/package-name',
    '{"level":"info","msg":"request handled","path":"/api/health","status":200,"ms":3}',
    '  - Compiling module \u2192 out/main/main.js (12.4 kB)',
    'diff --git a/src/router.ts b/src/router.ts',
    "+  router.get('/health', (_req, res) => res.json({ ok: true }));",
    'Tests  1204 passed (1204)',
    '\t"version": "1.0.0",',
  ];
  let s = '';
  for (let i = 0; s.length < bytes; i++) s += `${lines[i % lines.length]}\n`;
  return s.slice(0, bytes);
}

/** One stdout line carrying a Bash tool result of `bytes` characters of output. */
export function toolResultLine(bytes: number, id: string, unicode = true): string {
  const output = commandOutput(bytes, unicode);
  return JSON.stringify({
    type: 'user',
    message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: output, is_error: false }] },
    parent_tool_use_id: null,
    session_id: '77678620-f94f-4d6b-8a7e-5d2f6c1a9b10',
    uuid: `0b6f8c52-6d0e-4a55-9a3b-${id.slice(-12).padStart(12, '0')}`,
    tool_use_result: { stdout: output, stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
  });
}

/**
 * C2's stream: three 1 MB and three 4 MB tool results, a third of them with non-ASCII symbols
 * in them (test-runner check marks), with a little of the recorded mix between them.
 */
export function bigMix(): string[] {
  const small = recordedLines().slice(0, 40);
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    out.push(...small);
    out.push(toolResultLine(i % 2 === 0 ? 1024 * 1024 : 4 * 1024 * 1024, `toolu_bench_${i}`, i % 3 === 0));
  }
  return out;
}

/** The lines as one stdout byte stream, cut into chunks of `chunk` bytes. */
export function chunked(lines: readonly string[], chunk: number): Buffer[] {
  const all = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < all.length; i += chunk) out.push(all.subarray(i, Math.min(all.length, i + chunk)));
  return out;
}
