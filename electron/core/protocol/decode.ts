// One line of stdout -> a validated wire message, a line to skip, or an error to surface.
import { IGNORED_TYPES, wireSchemas, type WireMessage, type WireType } from './wire';

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
  const first = line.trimStart()[0];
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
