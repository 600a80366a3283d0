// Replays a recorded fixture (fixtures/*.jsonl, see scripts/record-fixtures.ts) through the real
// pipeline: stdout bytes in chunks -> line framer -> decoder -> normalizer / control channel ->
// reducer. Permission prompts are answered the way the recording answered them, and clide's own
// local echo of each user message is added as Session does, so the view is the one a window
// would show. Everything the pipeline writes back is kept for comparison with the recording.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Json } from '../../../electron/core/protocol/control';
import { ProtocolPipeline, type ProtocolExtensions } from '../../../electron/core/protocol/pipeline';
import type { PermissionRequest, SessionEvent } from '../../../shared/events';
import type { PermissionDecision } from '../../../shared/ipc';
import { applyEvent, emptySession, type SessionView } from '../../../shared/transcript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURES_DIR = path.join(root, 'fixtures');

export interface FixtureHeader {
  type: 'clide_fixture';
  scenario: string;
  description: string;
  cli_version: string;
  command: string;
  initialize: Json;
}

export type FixtureLine = { dir: 'out'; text: string; message: Json } | { dir: 'in'; message: Json };

export interface Fixture {
  name: string;
  header: FixtureHeader;
  lines: FixtureLine[];
}

export function fixtureNames(): string[] {
  return fs
    .readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => f.slice(0, -'.jsonl'.length))
    .sort();
}

export function loadFixture(name: string): Fixture {
  const raw = fs
    .readFileSync(path.join(FIXTURES_DIR, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean);
  const [first, ...rest] = raw;
  const header = JSON.parse(first ?? '{}') as FixtureHeader;
  if (header.type !== 'clide_fixture') throw new Error(`${name}.jsonl does not start with a clide_fixture header`);
  const lines = rest.map((text): FixtureLine => {
    const message = JSON.parse(text) as Json;
    return message.type === 'clide_stdin' ? { dir: 'in', message: message.message as Json } : { dir: 'out', text, message };
  });
  return { name, header, lines };
}

/** Recorded answers (stdin control_response) by request id. */
export function recordedReplies(f: Fixture): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const l of f.lines) {
    if (l.dir === 'in' && l.message.type === 'control_response') {
      const r = l.message.response as Json;
      out.set(String(r.request_id), r);
    }
  }
  return out;
}

export interface ReplayResult {
  view: SessionView;
  events: SessionEvent[];
  /** Views after each batch of events (to look at transient state such as a pending retry). */
  snapshots: SessionView[];
  /** Messages the pipeline wrote (our control responses). */
  written: Json[];
  asks: PermissionRequest[];
  owed: string[];
}

export interface ReplayOptions extends ProtocolExtensions {
  /** Bytes per chunk fed to the framer (default 1000: splits lines and UTF-8 sequences). */
  chunk?: number;
  /** Replace a stdout line before replay (e.g. to fake the CLI version). */
  rewrite?(line: string): string;
}

/** Runs the fixture; async because hook and MCP handlers answer on later ticks. */
export async function replay(f: Fixture, opts: ReplayOptions = {}): Promise<ReplayResult> {
  const recorded = recordedReplies(f);
  const written: Json[] = [];
  const events: SessionEvent[] = [];
  const snapshots: SessionView[] = [];
  const asks: PermissionRequest[] = [];
  let view = emptySession(f.name, '/tmp/clide-fixture/work', 0);
  let clock = 0;
  const apply = (batch: SessionEvent[]) => {
    for (const e of batch) {
      events.push(e);
      view = applyEvent(view, e);
    }
    snapshots.push(view);
  };
  const pipeline: ProtocolPipeline = new ProtocolPipeline(
    { write: (m) => written.push(m), now: () => ++clock, newId: () => `id-${++clock}`, hooks: opts.hooks, mcpServers: opts.mcpServers },
    {
      onEvents: apply,
      onAsk: (ask) => {
        asks.push(ask.request);
        apply([{ kind: 'permission', request: ask.request }]);
        const r = recorded.get(ask.request.requestId);
        const decision = (r?.response ?? { behavior: 'deny', message: 'not answered in the recording' }) as PermissionDecision;
        if (pipeline.answerPermission(ask.request.requestId, decision)) {
          apply([
            {
              kind: 'permission-closed',
              requestId: ask.request.requestId,
              toolUseId: ask.request.toolUseId,
              outcome: decision.behavior === 'allow' ? 'allowed' : 'denied',
              message: decision.behavior === 'deny' ? decision.message : undefined,
            },
          ]);
        }
      },
      onWithdrawn: (requestId) => apply([{ kind: 'permission-closed', requestId, outcome: 'withdrawn' }]),
    },
  );
  const chunk = opts.chunk ?? 1000;
  for (const l of f.lines) {
    if (l.dir === 'in') {
      // Session echoes each user message locally (the CLI does not).
      if (l.message.type === 'user') {
        const content = (l.message.message as Json).content;
        apply([
          { kind: 'user', id: String(l.message.uuid ?? `user-${++clock}`), text: typeof content === 'string' ? content : JSON.stringify(content), at: ++clock },
        ]);
      }
      continue;
    }
    const bytes = Buffer.from(`${opts.rewrite ? opts.rewrite(l.text) : l.text}\n`, 'utf8');
    for (let i = 0; i < bytes.length; i += chunk) pipeline.push(bytes.subarray(i, i + chunk));
    // Let hook callbacks and MCP handlers (promises) answer before the next line, as live.
    await new Promise((r) => setImmediate(r));
  }
  pipeline.end();
  await new Promise((r) => setImmediate(r));
  return { view, events, snapshots, written, asks, owed: pipeline.owed.map((r) => r.requestId) };
}

/** Our replies by request id, in the recorded envelope's shape. */
export function writtenReplies(r: ReplayResult): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const m of r.written) {
    if (m.type !== 'control_response') continue;
    const resp = m.response as Json;
    const id = String(resp.request_id);
    if (out.has(id)) throw new Error(`answered ${id} twice`);
    out.set(id, resp);
  }
  return out;
}

/** Inbound control requests in the recording (the CLI asking clide). */
export function inboundRequests(f: Fixture): Array<{ requestId: string; subtype: string; request: Json }> {
  return f.lines
    .filter((l): l is Extract<FixtureLine, { dir: 'out' }> => l.dir === 'out' && l.message.type === 'control_request')
    .map((l) => ({ requestId: String(l.message.request_id), subtype: String((l.message.request as Json).subtype), request: l.message.request as Json }));
}
