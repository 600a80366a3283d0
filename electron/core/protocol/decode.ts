// One line of stdout -> a validated wire message, a line to skip, or an error to surface.
import { IGNORED_TYPES, wireSchemas, type WireMessage, type WireOf, type WireType } from './wire';

export type Decoded =
  | { kind: 'message'; message: WireMessage }
  /** Not JSON at all (a stray log line): skipped with a log, not shown. */
  | { kind: 'noise'; line: string }
  /** Looked like JSON but could not be used: shown as a diagnostic. */
  | { kind: 'invalid'; reason: 'corrupt-json' | 'not-an-object' | 'missing-fields'; type?: string; detail: string }
  /** Valid JSON of a type this version of clide does not know. */
  | { kind: 'unknown'; type: string; raw: Record<string, unknown> }
  /** A type clide knows and deliberately reads nothing from (see IGNORED_TYPES). */
  | { kind: 'ignored'; type: string };

const PREVIEW = 200;

export function preview(line: string): string {
  return line.length > PREVIEW ? `${line.slice(0, PREVIEW)}… (${line.length} chars)` : line;
}

export function decodeLine(line: string): Decoded {
  // Almost every line starts with '{'; only other lines pay for trimStart's copy.
  const first = line.charCodeAt(0) === 0x7b ? '{' : line.trimStart()[0];
  if (first !== '{' && first !== '[') return { kind: 'noise', line };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { kind: 'invalid', reason: 'corrupt-json', detail: `${(err as Error).message}: ${preview(line)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', reason: 'not-an-object', detail: preview(line) };
  }
  const raw = value as Record<string, unknown>;
  const type = raw.type;
  // Most of a session's lines are stream_event deltas and small system messages: checked by
  // hand (exactly what their schemas check) instead of by zod, which copies every object it
  // validates. Anything that fails the check goes through zod for the precise error.
  if (type === 'stream_event' && isStreamEvent(raw)) return { kind: 'message', message: raw };
  if (type === 'system' && isSystem(raw)) return { kind: 'message', message: raw };
  if (typeof type === 'string' && Object.hasOwn(IGNORED_TYPES, type)) return { kind: 'ignored', type };
  if (typeof type !== 'string' || !Object.hasOwn(wireSchemas, type)) {
    return { kind: 'unknown', type: typeof type === 'string' ? type : '(no type)', raw };
  }
  const parsed = wireSchemas[type as WireType].safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid';
    return { kind: 'invalid', reason: 'missing-fields', type, detail: where };
  }
  return { kind: 'message', message: parsed.data as WireMessage };
}

/** StreamEventSchema, by hand: `event` is an object with a string `type`; the parent id is a string or null. */
function isStreamEvent(raw: Record<string, unknown>): raw is WireOf<'stream_event'> {
  const ev = raw.event;
  const parent = raw.parent_tool_use_id;
  return (
    typeof ev === 'object' &&
    ev !== null &&
    !Array.isArray(ev) &&
    typeof (ev as { type?: unknown }).type === 'string' &&
    (parent === undefined || parent === null || typeof parent === 'string')
  );
}

/** SystemSchema, by hand: a string `subtype`; `session_id` and `uuid` strings when present. */
function isSystem(raw: Record<string, unknown>): raw is WireOf<'system'> {
  return typeof raw.subtype === 'string' && optionalString(raw.session_id) && optionalString(raw.uuid);
}

function optionalString(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}
