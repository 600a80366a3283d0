// Reading unknown JSON (tool inputs, CLI records, control requests) field by field: each helper
// answers the value when it has the shape asked for, else undefined, and never throws.

/** The value when it is a string. */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** The value when it is a string of at least one character. */
export function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The value when it is a string with more than white space in it. */
export function nonBlank(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** The value when it is a finite number. */
export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A plain JSON object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
