// A loopback stand-in for the Anthropic Messages API, good enough to drive the real
// `claude` CLI through full turns offline. Tests script replies per request; every
// request body is recorded so a test can assert what the CLI sent (e.g. on resume).
// Side questions (the CLI's side_question, /btw) are answered by their own script, so
// they never take a turn's scripted reply.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBlock =
  { type: 'text'; text: string } | { type: 'thinking'; thinking: string } | { type: 'tool_use'; name: string; input: Record<string, unknown>; id?: string };

export interface FakeReply {
  blocks: FakeBlock[];
  /** Split text into deltas of this many characters (default 8). */
  chunk?: number;
  /** Pause between SSE events, to make streaming observable (default 0). */
  delayMs?: number;
  /** Answer with an HTTP error instead (retried by the CLI, unless the error says not to). */
  status?: number;
  /** The error body's type and message with `status` (default: overloaded_error, "scripted failure"). */
  error?: { type: string; message: string };
  /** Extra response headers (e.g. the anthropic-ratelimit-unified-* headers the CLI reads). */
  headers?: Record<string, string>;
  usage?: { input_tokens?: number; output_tokens?: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number };
  /** Hold the response open (after message_start; before an error status) until this promise resolves. */
  hold?: Promise<void>;
  /** End the message with this stop reason (and its stop_details) instead of end_turn/tool_use: e.g. a refusal. */
  stop?: { reason: string; details?: Record<string, unknown> };
}

export interface RecordedRequest {
  path: string;
  body: MessagesBody;
  /** True for the CLI's side calls (titles, summaries, side questions) rather than a turn of the conversation. */
  side: boolean;
  /** A side question (side_question, the terminal's /btw): answered by `scriptSide`, never by the turn script. */
  sideQuestion: boolean;
}

export interface MessagesBody {
  model?: string;
  stream?: boolean;
  system?: unknown;
  tools?: Array<{ name: string }>;
  messages: Array<{ role: string; content: unknown }>;
  [k: string]: unknown;
}

export type Responder = (req: RecordedRequest, turnIndex: number) => FakeReply | undefined;

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  /** Requests that were conversation turns (have tools), in order. */
  turns(): RecordedRequest[];
  /** Replace the responder (a script of replies or a function). */
  script(r: Responder | FakeReply[]): void;
  /** Replace how side questions are answered (default: the text "Side answer"); the index counts side questions. */
  scriptSide(r: Responder | FakeReply[]): void;
  /** Requests that were side questions, in order. */
  sideQuestions(): RecordedRequest[];
  close(): Promise<void>;
}

let toolSeq = 0;

/** Text of the last user message in a request, for responders that key on the prompt. */
export function lastUserText(body: MessagesBody): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (!Array.isArray(last.content)) return '';
  return (last.content as Array<{ type: string; text?: string }>)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n');
}

/** tool_result blocks in the last user message. */
export function lastToolResults(body: MessagesBody): Array<{ tool_use_id: string; content: unknown; is_error?: boolean }> {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  if (!last || !Array.isArray(last.content)) return [];
  return (last.content as Array<{ type: string }>).filter((b) => b.type === 'tool_result') as never;
}

/**
 * The words 2.1.332 puts before a side question's text ("This is a side question from the user.
 * You must answer..."), in a system reminder of the request's last user message. The request
 * otherwise looks like a turn (it carries the session's tools, for the prompt cache).
 */
export const SIDE_QUESTION_MARK = 'This is a side question from the user';

/** The question of a side-question request: the last text block after the CLI's reminder. */
export function sideQuestionText(body: MessagesBody): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  if (!last || !Array.isArray(last.content)) return '';
  const texts = (last.content as Array<{ type: string; text?: string }>).filter((b) => b.type === 'text' && typeof b.text === 'string');
  return texts.at(-1)?.text ?? '';
}

/**
 * A subscription's usage limit, as the API answers it: 429 with the unified rate-limit headers
 * the CLI reads (`anthropic-ratelimit-unified-status: rejected`, the reset in epoch seconds and
 * which limit it is). A CLI logged in to a subscription (cliSandbox's `subscription`) turns it
 * into a rejected rate_limit_event and ends the turn without retrying.
 */
export function usageLimit(resetsAtSeconds: number, limit = 'five_hour'): FakeReply {
  return {
    blocks: [],
    status: 429,
    error: { type: 'rate_limit_error', message: "This request would exceed your account's rate limit. Please try again later." },
    headers: {
      'anthropic-ratelimit-unified-status': 'rejected',
      'anthropic-ratelimit-unified-reset': String(resetsAtSeconds),
      'anthropic-ratelimit-unified-representative-claim': limit,
    },
  };
}

export function text(t: string, extra: Partial<FakeReply> = {}): FakeReply {
  return { blocks: [{ type: 'text', text: t }], ...extra };
}

export function toolUse(name: string, input: Record<string, unknown>, before?: string): FakeReply {
  const blocks: FakeBlock[] = [];
  if (before) blocks.push({ type: 'text', text: before });
  blocks.push({ type: 'tool_use', name, input });
  return { blocks };
}

export async function startFakeApi(initial: Responder | FakeReply[] = []): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = toResponder(initial);
  let turnIndex = 0;
  let sideResponder: Responder = () => undefined;
  let sideIndex = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    let body: MessagesBody;
    try {
      body = JSON.parse(raw) as MessagesBody;
    } catch {
      res.writeHead(400).end('bad json');
      return;
    }
    if (path.endsWith('/count_tokens')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: Math.ceil(raw.length / 4) }));
      return;
    }
    if (!path.endsWith('/v1/messages')) {
      res.writeHead(404).end();
      return;
    }
    // Conversation turns carry the tool list; side calls (title generation etc.) do not. A side
    // question carries it too (the CLI reuses the turn's prompt cache) but says what it is.
    const sideQuestion = lastUserText(body).includes(SIDE_QUESTION_MARK);
    const side = sideQuestion || !Array.isArray(body.tools) || body.tools.length === 0;
    const rec: RecordedRequest = { path, body, side, sideQuestion };
    requests.push(rec);
    const reply = sideQuestion
      ? (sideResponder(rec, sideIndex++) ?? text('Side answer'))
      : side
        ? text('Side reply')
        : (responder(rec, turnIndex++) ?? text('(no scripted reply)'));
    if (reply.status) {
      // Held error answers too: the request stays in flight until the test lets it fail.
      if (reply.hold) await reply.hold;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ type: 'error', error: reply.error ?? { type: 'overloaded_error', message: 'scripted failure' } }));
      return;
    }
    if (body.stream === false) {
      res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(nonStreaming(reply, body.model)));
      return;
    }
    await streamReply(res, reply, body.model);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    turns: () => requests.filter((r) => !r.side),
    script(r) {
      responder = toResponder(r);
      turnIndex = 0;
    },
    scriptSide(r) {
      sideResponder = toResponder(r);
      sideIndex = 0;
    },
    sideQuestions: () => requests.filter((r) => r.sideQuestion),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toResponder(r: Responder | FakeReply[]): Responder {
  if (typeof r === 'function') return r;
  return (_req, i) => r[i];
}

function messageId(): string {
  return `msg_fake_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

function withIds(reply: FakeReply): FakeBlock[] {
  return reply.blocks.map((b) => (b.type === 'tool_use' && !b.id ? { ...b, id: `toolu_fake_${++toolSeq}` } : b));
}

function usageOf(reply: FakeReply) {
  return {
    input_tokens: reply.usage?.input_tokens ?? 1200,
    output_tokens: reply.usage?.output_tokens ?? 40,
    cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? 0,
  };
}

function nonStreaming(reply: FakeReply, model?: string) {
  const blocks = withIds(reply).map((b) => (b.type === 'tool_use' ? { ...b } : b));
  return {
    id: messageId(),
    type: 'message',
    role: 'assistant',
    model: model ?? 'claude-fake',
    content: blocks,
    stop_reason: blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: usageOf(reply),
  };
}

async function streamReply(res: http.ServerResponse, reply: FakeReply, model?: string): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...reply.headers });
  const delay = reply.delayMs ?? 0;
  const chunk = reply.chunk ?? 8;
  const usage = usageOf(reply);
  const send = async (event: string, data: unknown): Promise<void> => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  };
  const blocks = withIds(reply);
  await send('message_start', {
    type: 'message_start',
    message: {
      id: messageId(),
      type: 'message',
      role: 'assistant',
      model: model ?? 'claude-fake',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  if (reply.hold) await reply.hold;
  for (const [index, b] of blocks.entries()) {
    if (res.destroyed) return;
    if (b.type === 'text') {
      await send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (let i = 0; i < b.text.length; i += chunk) {
        await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: b.text.slice(i, i + chunk) } });
      }
    } else if (b.type === 'thinking') {
      await send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      for (let i = 0; i < b.thinking.length; i += chunk) {
        await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: b.thinking.slice(i, i + chunk) } });
      }
      await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: 'c2lnbmF0dXJl' } });
    } else {
      await send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
      const json = JSON.stringify(b.input);
      for (let i = 0; i < json.length; i += 64) {
        await send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 64) } });
      }
    }
    await send('content_block_stop', { type: 'content_block_stop', index });
  }
  const stop = reply.stop?.reason ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const details = reply.stop?.details ? { stop_details: reply.stop.details } : {};
  await send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null, ...details },
    usage: { output_tokens: usage.output_tokens },
  });
  await send('message_stop', { type: 'message_stop' });
  res.end();
}
