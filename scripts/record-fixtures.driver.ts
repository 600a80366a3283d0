// Drives the pinned `claude` CLI over stdin/stdout for recording fixtures. Deliberately
// independent of clide's own protocol code: a fixture must be the CLI's raw truth, not what
// clide believes about it. Every stdout line is kept verbatim (after scrubbing) and every line
// written to stdin is kept beside it, in order.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';

export type Json = Record<string, unknown>;

export interface RecordedLine {
  dir: 'out' | 'in';
  text: string;
}

/** Answers an inbound control request: a success payload, or { error } for an error reply. */
export type InboundHandler = (request: Json & { subtype: string }, requestId: string) => Json | { error: string } | Promise<Json | { error: string }> | 'defer';

export class FixtureDriver {
  readonly lines: RecordedLine[] = [];
  readonly messages: Json[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly waiters = new Set<() => void>();
  private readonly outbound = new Map<string, { resolve: (v: Json) => void; reject: (e: Error) => void }>();
  private exited: { code: number | null; signal: string | null } | undefined;
  readonly stderrChunks: string[] = [];
  onInbound: InboundHandler = (req) => ({ error: `Unsupported control request: ${req.subtype}` });

  constructor(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.data(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (c: string) => this.stderrChunks.push(c));
    this.child.stdin.on('error', () => {});
    this.child.on('close', (code, signal) => {
      this.exited = { code, signal };
      for (const [, o] of this.outbound) o.reject(new Error('claude exited'));
      this.outbound.clear();
      this.wake();
    });
  }

  get exitInfo(): { code: number | null; signal: string | null } | undefined {
    return this.exited;
  }

  write(message: Json): void {
    const text = JSON.stringify(message);
    this.lines.push({ dir: 'in', text });
    this.child.stdin.write(`${text}\n`);
  }

  sendUser(content: string | Json[]): string {
    const uuid = randomUUID();
    this.write({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, uuid });
    return uuid;
  }

  request(subtype: string, payload: Json = {}, timeoutMs = 30_000): Promise<Json> {
    const requestId = `req_${randomUUID().slice(0, 8)}`;
    return new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.outbound.delete(requestId);
        reject(new Error(`no answer to ${subtype} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.outbound.set(requestId, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.write({ type: 'control_request', request_id: requestId, request: { subtype, ...payload } });
    });
  }

  reply(requestId: string, answer: Json | { error: string }): void {
    if ('error' in answer && typeof answer.error === 'string' && Object.keys(answer).length === 1) {
      this.write({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error: answer.error } });
    } else {
      this.write({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response: answer } });
    }
  }

  /** Resolves with the first message (already seen or future) matching `pred`, counting from `from`. */
  async waitFor(pred: (m: Json) => boolean, what: string, timeoutMs = 60_000, from = 0): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    let seen = from;
    for (;;) {
      for (; seen < this.messages.length; seen++) {
        const m = this.messages[seen];
        if (m && pred(m)) return m;
      }
      if (this.exited)
        throw new Error(`claude exited (${JSON.stringify(this.exited)}) while waiting for ${what}; stderr: ${this.stderrChunks.join('').slice(-2000)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(t);
          resolve();
        };
        const t = setTimeout(wake, Math.min(left, 1000));
        this.waiters.add(wake);
      });
    }
  }

  /** Waits for the next `result` after message index `from`. */
  waitForResult(from = 0, timeoutMs = 60_000): Promise<Json> {
    return this.waitFor((m) => m.type === 'result', 'result', timeoutMs, from);
  }

  get mark(): number {
    return this.messages.length;
  }

  /** Close stdin and wait for the CLI to exit (it flushes its session file after EOF). */
  async finish(timeoutMs = 10_000): Promise<void> {
    this.child.stdin.end();
    const deadline = Date.now() + timeoutMs;
    while (!this.exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (!this.exited) {
      this.child.kill('SIGKILL');
      while (!this.exited) await new Promise((r) => setTimeout(r, 20));
    }
  }

  private data(chunk: string): void {
    this.buffer += chunk;
    let nl = this.buffer.indexOf('\n');
    while (nl >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      if (line.trim()) this.line(line);
      nl = this.buffer.indexOf('\n');
    }
  }

  private line(text: string): void {
    this.lines.push({ dir: 'out', text });
    let m: Json;
    try {
      m = JSON.parse(text) as Json;
    } catch {
      return;
    }
    this.messages.push(m);
    if (m.type === 'control_response') {
      const r = m.response as { subtype: string; request_id: string; response?: Json; error?: unknown };
      const o = this.outbound.get(r.request_id);
      if (o) {
        this.outbound.delete(r.request_id);
        if (r.subtype === 'success') o.resolve(r.response ?? {});
        else o.reject(new Error(`control error: ${JSON.stringify(r.error)}`));
      }
    } else if (m.type === 'control_request') {
      const id = String(m.request_id);
      void Promise.resolve(this.onInbound(m.request as Json & { subtype: string }, id)).then((answer) => {
        if (answer !== 'defer') this.reply(id, answer);
      });
    }
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}
