#!/usr/bin/env node
// A scripted stand-in for the `claude` CLI, for faults the real one will not produce on
// demand (crashes, floods, silence, broken bytes on the wire). It speaks stream-json on
// stdin/stdout like the real CLI and follows a scenario file: JSON Lines of steps, see
// fixtures/fake-cli/README.md for every step. Set as a session's `claudePath`.
//
//   CLIDE_FAKE_SCENARIO  path of the scenario (.jsonl); required
//   CLIDE_FAKE_LOG       path of a JSON Lines log this process appends to (optional): what it
//                        received, the control requests it asked and how each was answered,
//                        processes it started, and how it ended. Tests check it afterwards.
//
// Background behaviour, like the real CLI (each can be changed with a `config` step):
//   - answers `initialize` at once; answers `interrupt` by withdrawing open prompts
//     (control_cancel_request), ending the running turn with an interrupted result;
//   - exits 0 when stdin ends; exits on SIGTERM;
//   - answers any other control request with an error ("unsupported"), like an old CLI.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

const scenarioPath = process.env.CLIDE_FAKE_SCENARIO;
const logPath = process.env.CLIDE_FAKE_LOG;
const argv = process.argv.slice(2);

function log(record) {
  if (!logPath) return;
  fs.appendFileSync(logPath, `${JSON.stringify({ pid: process.pid, t: Date.now(), ...record })}\n`);
}

function argAfter(flag) {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

// ---- scenario --------------------------------------------------------------------------------

let steps = [];
try {
  steps = fs
    .readFileSync(scenarioPath ?? '', 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.trimStart().startsWith('//'))
    .map((l) => JSON.parse(l));
} catch (err) {
  process.stderr.write(`fake-cli: cannot read scenario ${scenarioPath}: ${err.message}\n`);
  process.exit(90);
}

const config = {
  initialize: 'reply', // reply | ignore | error
  interrupt: 'reply', // reply (end the turn) | reply-only (answer, keep going) | ignore
  eof: 'exit', // exit | ignore
  eofDelayMs: 0,
  eofExitCode: 0,
  sigterm: 'exit', // exit | ignore
  version: '2.1.332',
  sessionId: undefined,
  replies: {},
};
for (const s of steps) if (s.op === 'config') Object.assign(config, s);

const sessionId = argAfter('--resume') ?? config.sessionId ?? randomUUID();
log({
  ev: 'start',
  argv,
  cwd: process.cwd(),
  envKeys: Object.keys(process.env),
  pgid: readPgid(),
});

// ---- output ----------------------------------------------------------------------------------

// Writes to a pipe are synchronous on Linux, so a parent that stops reading really blocks us.
function out(text) {
  process.stdout.write(text);
}

function emit(obj) {
  out(`${JSON.stringify(obj)}\n`);
}

function base() {
  return { session_id: sessionId, uuid: randomUUID() };
}

function streamEvent(event, parent = null) {
  emit({ type: 'stream_event', event, parent_tool_use_id: parent, ...base() });
}

let initSent = false;
function emitInit() {
  if (initSent) return;
  initSent = true;
  emit({
    type: 'system',
    subtype: 'init',
    cwd: process.cwd(),
    model: argAfter('--model') ?? 'claude-fake-1',
    permissionMode: argAfter('--permission-mode') ?? 'default',
    tools: ['Bash', 'Read', 'Write'],
    mcp_servers: [],
    claude_code_version: config.version,
    apiKeySource: 'ANTHROPIC_API_KEY',
    ...base(),
  });
}

let msgSeq = 0;
function streamText(text, { chunk = 8, messageId, parent = null } = {}) {
  const id = messageId ?? `msg_fake_${process.pid}_${++msgSeq}`;
  streamEvent(
    { type: 'message_start', message: { id, model: 'claude-fake-1', role: 'assistant', content: [], usage: { input_tokens: 10, output_tokens: 1 } } },
    parent,
  );
  streamEvent({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, parent);
  for (let i = 0; i < text.length; i += chunk) {
    streamEvent({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: text.slice(i, i + chunk) } }, parent);
  }
  streamEvent({ type: 'content_block_stop', index: 0 }, parent);
  emit({
    type: 'assistant',
    message: { id, model: 'claude-fake-1', role: 'assistant', content: [{ type: 'text', text }], usage: { input_tokens: 10, output_tokens: 5 } },
    parent_tool_use_id: parent,
    ...base(),
  });
  streamEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 5 } }, parent);
  streamEvent({ type: 'message_stop' }, parent);
  return id;
}

function emitResult(r = {}) {
  turnActive = false;
  emit({
    type: 'result',
    subtype: r.subtype ?? 'success',
    is_error: r.isError ?? (r.subtype !== undefined && r.subtype !== 'success'),
    result: r.text ?? '',
    num_turns: 1,
    duration_ms: 5,
    total_cost_usd: 0.001,
    usage: { input_tokens: 10, output_tokens: 5 },
    permission_denials: [],
    ...base(),
  });
}

// ---- input -----------------------------------------------------------------------------------

const inbox = []; // user messages (and other non-control input) not yet consumed by `await`
const waiters = new Set(); // () => boolean, re-checked on every input
const asks = new Map(); // id -> { state: 'open' | 'answered' | 'cancelled', subtype }
let stdinEnded = false;
let turnActive = false;
let interruptedAt = 0; // bumped on every interrupt that ends a turn
let pendingBuf = '';

function wake() {
  for (const w of [...waiters]) if (w()) waiters.delete(w);
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  pendingBuf += text;
  let nl;
  while ((nl = pendingBuf.indexOf('\n')) >= 0) {
    const line = pendingBuf.slice(0, nl);
    pendingBuf = pendingBuf.slice(nl + 1);
    if (line.trim()) receive(line);
  }
});
process.stdin.on('end', () => {
  stdinEnded = true;
  log({ ev: 'eof' });
  wake();
  if (config.eof === 'exit') {
    setTimeout(() => finish(config.eofExitCode, 'eof'), config.eofDelayMs);
  } else {
    setInterval(() => {}, 1 << 30);
  }
});
process.stdin.on('error', () => {});

function receive(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    log({ ev: 'violation', what: 'non-JSON input', line: line.slice(0, 200) });
    return;
  }
  if (msg.type === 'control_request') return controlFromHost(msg);
  if (msg.type === 'control_response') return answerFromHost(msg.response ?? {});
  const text = typeof msg.message?.content === 'string' ? msg.message.content : undefined;
  log({ ev: 'recv', type: msg.type, uuid: msg.uuid, text: text?.slice(0, 200), chars: line.length });
  inbox.push(msg);
  wake();
}

function reply(requestId, response) {
  emit({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } });
}

function replyError(requestId, error) {
  emit({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error } });
}

function controlFromHost(msg) {
  const subtype = msg.request?.subtype;
  log({ ev: 'recv', type: 'control_request', subtype, request_id: msg.request_id });
  if (subtype === 'initialize') {
    if (config.initialize === 'ignore') return;
    if (config.initialize === 'error') return replyError(msg.request_id, 'initialize failed (scripted)');
    return reply(msg.request_id, {
      commands: [{ name: 'compact', description: 'Compact the conversation', argumentHint: '' }],
      models: [{ value: 'default', displayName: 'Default', description: 'The fake model' }],
      account: { apiKeySource: 'ANTHROPIC_API_KEY' },
      claude_code_version: config.version,
      current_permission_mode: argAfter('--permission-mode') ?? 'default',
      output_style: 'default',
      pid: process.pid,
    });
  }
  if (subtype === 'interrupt') return interrupt(msg.request_id);
  if (Object.hasOwn(config.replies, subtype)) return reply(msg.request_id, config.replies[subtype]);
  return replyError(msg.request_id, `Unsupported control request: ${subtype}`);
}

function interrupt(requestId) {
  if (config.interrupt === 'ignore') {
    log({ ev: 'interrupt-ignored' });
    return;
  }
  reply(requestId, { still_queued: [] });
  if (config.interrupt === 'reply-only' || !turnActive) return;
  // Like the real CLI: open prompts are withdrawn, the turn ends as interrupted.
  for (const [id, a] of asks) {
    if (a.state !== 'open') continue;
    a.state = 'cancelled';
    emit({ type: 'control_cancel_request', request_id: id });
    log({ ev: 'cancel', id, why: 'interrupt' });
  }
  emit({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user]' }] }, parent_tool_use_id: null, ...base() });
  emitResult({ subtype: 'error_during_execution', isError: true });
  interruptedAt++;
  wake();
}

function answerFromHost(r) {
  const id = r.request_id;
  const a = asks.get(id);
  if (!a) {
    log({ ev: 'violation', what: 'answer to an unknown request', id });
    return;
  }
  if (a.state === 'answered') {
    log({ ev: 'violation', what: 'answered twice', id });
    return;
  }
  if (a.state === 'cancelled') {
    log({ ev: 'violation', what: 'answered after it was withdrawn', id });
    return;
  }
  a.state = 'answered';
  a.answer = r;
  log({ ev: 'answer', id, subtype: r.subtype, response: r.response, error: r.error });
  wake();
}

// ---- waiting ---------------------------------------------------------------------------------

/** Resolves when `check` passes, the turn is interrupted, or stdin ends (if `onEof`). */
function until(check, { timeoutMs = 0, stopOnInterrupt = true } = {}) {
  const epoch = interruptedAt;
  return new Promise((resolve) => {
    let timer;
    const test = () => {
      if (stopOnInterrupt && interruptedAt !== epoch) return done('interrupted');
      const v = check();
      if (v) return done(v);
      return false;
    };
    const done = (v) => {
      if (timer) clearTimeout(timer);
      resolve(v);
      return true;
    };
    if (test()) return;
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        waiters.delete(test);
        resolve('timeout');
      }, timeoutMs);
    }
    waiters.add(test);
  });
}

function sleep(ms) {
  return until(() => false, { timeoutMs: Math.max(1, ms) }).then((v) => (v === 'interrupted' ? 'interrupted' : 'slept'));
}

function matches(value, pattern) {
  if (pattern === null || typeof pattern !== 'object') return value === pattern;
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(pattern).every(([k, p]) => matches(value[k], p));
}

// ---- ending ----------------------------------------------------------------------------------

let finished = false;
function finish(code, reason, signal) {
  if (finished) return;
  finished = true;
  const open = [...asks].filter(([, a]) => a.state === 'open').map(([id]) => id);
  log({ ev: 'exit', reason, code, signal, open });
  if (signal) {
    process.removeAllListeners('SIGTERM');
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code);
}

process.on('SIGTERM', () => {
  log({ ev: 'sigterm', action: config.sigterm });
  if (config.sigterm === 'ignore') return;
  finish(143, 'sigterm', 'SIGTERM');
});

/** Printable text of exactly `bytes` ASCII characters, in lines, like a command's output. */
function textOfSize(bytes) {
  const line = 'src/components/transcript-item.tsx:42:7  warning  Unexpected any. Specify a different type\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}

/** Write all of `buf` to `fd` the way a plain C program would: waiting while the pipe is full. */
function writeBlocking(fd, buf) {
  let off = 0;
  while (off < buf.length) {
    try {
      off += fs.writeSync(fd, buf, off);
    } catch (err) {
      if (err.code !== 'EAGAIN') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
  return buf.length;
}

function readPgid() {
  try {
    const stat = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

// ---- steps -----------------------------------------------------------------------------------

let askSeq = 0;
let toolSeq = 0;
let lastToolId;

const ops = {
  config() {},
  emit(s) {
    for (const line of s.lines ?? [s.line]) emit(line);
  },
  raw(s) {
    out(s.base64 !== undefined ? Buffer.from(s.base64, 'base64') : s.text);
  },
  async chunks(s) {
    for (const c of s.chunks) {
      out(typeof c === 'string' ? c : Buffer.from(c.base64, 'base64'));
      await sleep(s.gapMs ?? 25);
    }
  },
  init() {
    emitInit();
  },
  status(s) {
    emit({ type: 'system', subtype: 'status', status: s.status ?? null, ...base() });
  },
  'stream-text'(s) {
    streamText(s.text, s);
  },
  turn(s) {
    emitInit();
    turnActive = true;
    streamText(s.text ?? 'Hello from the fake CLI.', s);
    emitResult({ text: s.text });
  },
  result(s) {
    emitResult(s);
  },
  'tool-use'(s) {
    const id = `msg_fake_${process.pid}_${++msgSeq}`;
    // Without an id (e.g. inside `repeat`) each call gets its own; tool-result answers the last.
    lastToolId = s.id ?? `toolu_auto_${process.pid}_${++toolSeq}`;
    const block = { type: 'tool_use', id: lastToolId, name: s.name ?? 'Bash', input: s.input ?? {} };
    streamEvent({ type: 'message_start', message: { id, model: 'claude-fake-1', role: 'assistant', content: [] } });
    streamEvent({ type: 'content_block_start', index: 0, content_block: { ...block, input: {} } });
    streamEvent({ type: 'content_block_stop', index: 0 });
    emit({ type: 'assistant', message: { id, model: 'claude-fake-1', role: 'assistant', content: [block] }, parent_tool_use_id: null, ...base() });
    streamEvent({ type: 'message_stop' });
  },
  'tool-result'(s) {
    const content = s.bytes ? textOfSize(s.bytes) : (s.content ?? 'ok');
    emit({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: s.id ?? lastToolId, content, is_error: s.isError === true }] },
      parent_tool_use_id: null,
      // Like the real CLI's Bash tool: the structured result repeats the output.
      ...(s.structured === 'bash' ? { tool_use_result: { stdout: content, stderr: '', interrupted: false, isImage: false } } : {}),
      ...base(),
    });
  },
  async 'paced-text'(s) {
    // Text deltas at a steady rate (deltas per second), as a model streams them.
    emitInit();
    turnActive = true;
    const id = `msg_fake_${process.pid}_${++msgSeq}`;
    const text = s.deltaText ?? 'word ';
    streamEvent({ type: 'message_start', message: { id, model: 'claude-fake-1', role: 'assistant', content: [] } });
    streamEvent({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    const started = Date.now();
    let whole = '';
    for (let i = 0; i < s.deltas; i++) {
      const due = started + (i * 1000) / s.perSecond;
      const wait = due - Date.now();
      if (wait > 0 && (await sleep(wait)) === 'interrupted') return;
      // `stamp`: each delta starts with the wall-clock time it was written, ⟦epoch ms⟧, for
      // benchmarks that time a delta from here to the page.
      // `paragraphEvery`: every n-th delta ends a paragraph, as a reply's prose does.
      const end = s.paragraphEvery && (i + 1) % s.paragraphEvery === 0 ? '\n\n' : '';
      const delta = `${s.stamp ? `⟦${(performance.timeOrigin + performance.now()).toFixed(2)}⟧` : ''}${text}${end}`;
      whole += delta;
      streamEvent({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: delta } });
    }
    streamEvent({ type: 'content_block_stop', index: 0 });
    emit({
      type: 'assistant',
      message: { id, model: 'claude-fake-1', role: 'assistant', content: [{ type: 'text', text: whole }] },
      parent_tool_use_id: null,
      ...base(),
    });
    streamEvent({ type: 'message_stop' });
  },
  async repeat(s) {
    for (let i = 0; i < s.times; i++) {
      for (const step of s.steps) {
        const r = await ops[step.op](step);
        if (r === 'stop' || finished) return r;
      }
    }
    return undefined;
  },
  'big-line'(s) {
    // One line of about `bytes` bytes: a tool result (valid), a text line (noise) or a
    // truncated JSON object that never closes (corrupt).
    const n = s.bytes;
    if (s.kind === 'noise') return out(`${'n'.repeat(n)}\n`);
    const body = 'x'.repeat(n);
    const line = JSON.stringify({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: s.id ?? 'toolu_big', content: body }] },
      parent_tool_use_id: null,
      ...base(),
    });
    out(`${line}\n`);
  },
  flood(s) {
    // Many small deltas as fast as the pipe takes them, written in large batches.
    emitInit();
    const id = `msg_fake_${process.pid}_${++msgSeq}`;
    const text = s.deltaText ?? 'abcdefgh';
    streamEvent({ type: 'message_start', message: { id, model: 'claude-fake-1', role: 'assistant', content: [] } });
    streamEvent({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    const line = `${JSON.stringify({ type: 'stream_event', event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, parent_tool_use_id: null, session_id: sessionId })}\n`;
    const perBatch = 2000;
    for (let done = 0; done < s.deltas; done += perBatch) out(line.repeat(Math.min(perBatch, s.deltas - done)));
    streamEvent({ type: 'content_block_stop', index: 0 });
    streamEvent({ type: 'message_stop' });
    log({ ev: 'mark', name: 'flood-done', deltas: s.deltas });
  },
  async await(s) {
    const r = await until(
      () => {
        const i = inbox.findIndex((m) => matches(m, s.match ?? {}));
        if (i >= 0) return inbox.splice(i, 1)[0];
        if (stdinEnded) return 'eof';
        return false;
      },
      { timeoutMs: s.timeoutMs ?? 0, stopOnInterrupt: false },
    );
    if (r === 'timeout' || r === 'eof') {
      log({ ev: 'await-failed', match: s.match, why: r });
      return r === 'eof' ? 'stop' : undefined;
    }
    if (r.type === 'user') turnActive = true;
    return undefined;
  },
  ask(s) {
    const id = s.id ?? `ask-${process.pid}-${++askSeq}`;
    asks.set(id, { state: 'open', subtype: 'can_use_tool' });
    log({ ev: 'ask', id, subtype: 'can_use_tool' });
    emit({
      type: 'control_request',
      request_id: id,
      request: {
        subtype: 'can_use_tool',
        tool_name: s.tool ?? 'Bash',
        display_name: s.tool ?? 'Bash',
        input: s.input ?? { command: 'echo hi' },
        permission_suggestions: [],
        tool_use_id: s.toolUseId,
      },
    });
  },
  control(s) {
    // Any other inbound control request; it must be answered exactly once too.
    const id = s.id ?? `ctl-${process.pid}-${++askSeq}`;
    asks.set(id, { state: 'open', subtype: s.request?.subtype });
    log({ ev: 'ask', id, subtype: s.request?.subtype });
    emit({ type: 'control_request', request_id: id, request: s.request });
  },
  async 'await-answer'(s) {
    const id = s.id;
    const r = await until(
      () => {
        const a = asks.get(id);
        if (!a) return 'unknown';
        if (a.state === 'answered') return 'answered';
        if (a.state === 'cancelled') return 'cancelled';
        return false;
      },
      { timeoutMs: s.timeoutMs ?? 0 },
    );
    log({ ev: 'await-answer-done', id, outcome: r });
  },
  cancel(s) {
    const a = asks.get(s.id);
    if (a && a.state === 'open') a.state = 'cancelled';
    log({ ev: 'cancel', id: s.id, why: 'script' });
    emit({ type: 'control_cancel_request', request_id: s.id });
  },
  async sleep(s) {
    await sleep(s.ms);
  },
  stderr(s) {
    const chunk = Buffer.alloc(s.chunkBytes ?? 64 * 1024, 'e'.charCodeAt(0));
    const started = Date.now();
    let written = 0;
    while (written < s.bytes) {
      const n = Math.min(chunk.length, s.bytes - written);
      written += writeBlocking(2, n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    if (s.tail) writeBlocking(2, Buffer.from(s.tail));
    log({ ev: 'stderr-done', bytes: written, ms: Date.now() - started });
  },
  'close-stdin'() {
    // Like a CLI that is on its way out: input closed, process still alive for a moment.
    process.stdin.destroy();
    try {
      fs.closeSync(0);
    } catch {
      // Already closed.
    }
    log({ ev: 'mark', name: 'stdin-closed' });
  },
  'stop-reading'() {
    process.stdin.pause();
    log({ ev: 'mark', name: 'stopped-reading' });
  },
  'resume-reading'() {
    process.stdin.resume();
    log({ ev: 'mark', name: 'resumed-reading' });
  },
  'spawn-grandchild'(s) {
    const child = spawn('sleep', [String(s.seconds ?? 300)], { stdio: s.inheritStdout ? ['ignore', 'inherit', 'ignore'] : 'ignore' });
    log({ ev: 'grandchild', childPid: child.pid });
  },
  mark(s) {
    log({ ev: 'mark', name: s.name });
  },
  exit(s) {
    finish(s.code ?? 0, 'script', s.signal);
    return 'stop';
  },
  async hang() {
    // A pending promise alone would let Node exit; a timer keeps the process alive.
    setInterval(() => {}, 1 << 30);
    await until(() => false, { stopOnInterrupt: false });
  },
};

async function run() {
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    const op = ops[s.op];
    if (!op) {
      process.stderr.write(`fake-cli: unknown step "${s.op}"\n`);
      finish(91, 'script');
      return;
    }
    const before = interruptedAt;
    const r = await op(s);
    if (r === 'stop' || finished) return;
    if (interruptedAt !== before) {
      // The turn was interrupted: skip the rest of it, up to the next user message.
      while (i + 1 < steps.length && !(steps[i + 1].op === 'await' && steps[i + 1].match?.type === 'user')) i++;
    }
  }
  // Like the real CLI, stay until stdin ends (handled above) unless told otherwise.
}

run().catch((err) => {
  process.stderr.write(`fake-cli: ${err.stack ?? err}\n`);
  finish(92, 'script');
});
