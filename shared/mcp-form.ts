// Checking an elicitation form: the window reads what the person typed into the content the
// server gets (with a message per field as they type), and the main process checks that
// content again before it goes to the CLI, so a window can never send what the form forbids.
import type { FormField, FormValue } from './mcp';

/** What a form control holds: text for text and number fields, a flag, or the chosen values. */
export type RawValue = string | boolean | string[];

export interface ReadForm {
  /** The answer's content: filled fields only (and every checkbox). */
  content: Record<string, FormValue>;
  /** Field name -> what is wrong with it. Empty when the form can be sent. */
  problems: Record<string, string>;
}

/** The value a field starts with: the server's default, else empty. */
export function initialValue(field: FormField): RawValue {
  switch (field.type) {
    case 'boolean':
      return field.default ?? false;
    case 'choices':
      return field.default ?? [];
    case 'number':
      return field.default === undefined ? '' : String(field.default);
    case 'unsupported':
      return '';
    default:
      return field.default ?? '';
  }
}

export function readForm(fields: readonly FormField[], raw: Readonly<Record<string, RawValue | undefined>>): ReadForm {
  const content: Record<string, FormValue> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const r = readField(field, raw[field.name]);
    if (r.problem) problems[field.name] = r.problem;
    else if (r.value !== undefined) content[field.name] = r.value;
  }
  return { content, problems };
}

/** The content as the main process receives it: the first problem, or undefined when it may go. */
export function contentProblem(fields: readonly FormField[], content: Readonly<Record<string, FormValue>>): string | undefined {
  const known = new Set(fields.map((f) => f.name));
  const stray = Object.keys(content).find((k) => !known.has(k));
  if (stray !== undefined) return `The form has no field "${stray}".`;
  for (const field of fields) {
    const value = content[field.name];
    const problem = value === undefined ? (field.required ? 'This field is required.' : undefined) : valueProblem(field, value);
    if (problem) return `${field.title ?? field.name}: ${problem}`;
  }
  return undefined;
}

function readField(field: FormField, raw: RawValue | undefined): { value?: FormValue; problem?: string } {
  if (field.type === 'boolean') return { value: raw === true };
  if (field.type === 'choices') {
    const picked = Array.isArray(raw) ? raw : [];
    if (picked.length === 0 && !field.required) return {};
    return check(field, picked);
  }
  const text = typeof raw === 'string' ? raw : '';
  if (field.type === 'unsupported') return field.required ? { problem: field.reason } : {};
  if (text.trim() === '') return field.required ? { problem: 'This field is required.' } : {};
  if (field.type === 'number') {
    const n = Number(text.trim());
    if (!Number.isFinite(n)) return { problem: field.integer ? 'Enter a whole number.' : 'Enter a number.' };
    return check(field, n);
  }
  if (field.type === 'text' && field.format === 'date-time') {
    // <input type="datetime-local"> gives local time without a zone; the server gets an instant.
    const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? new Date(text) : undefined;
    return check(field, local && !Number.isNaN(local.getTime()) ? local.toISOString() : text);
  }
  return check(field, text);
}

function check(field: FormField, value: FormValue): { value?: FormValue; problem?: string } {
  const problem = valueProblem(field, value);
  return problem ? { problem } : { value };
}

function valueProblem(field: FormField, value: FormValue): string | undefined {
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') return 'Enter text.';
      if (field.required && value.trim() === '') return 'This field is required.';
      return textProblem(field, value);
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number.';
      if (field.integer && !Number.isInteger(value)) return 'Enter a whole number.';
      if (field.minimum !== undefined && value < field.minimum) return `Enter ${field.minimum} or more.`;
      if (field.maximum !== undefined && value > field.maximum) return `Enter ${field.maximum} or less.`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Tick the box or leave it.';
    case 'choice':
      return typeof value === 'string' && field.options.some((o) => o.value === value) ? undefined : 'Choose one of the options.';
    case 'choices': {
      if (!Array.isArray(value) || !value.every((v) => field.options.some((o) => o.value === v))) return 'Choose from the options.';
      if (new Set(value).size !== value.length) return 'Choose each option once.';
      const min = field.minItems ?? (field.required ? 1 : 0);
      if (value.length < min) return min === 1 ? 'Choose at least one.' : `Choose at least ${min}.`;
      if (field.maxItems !== undefined && value.length > field.maxItems) return `Choose at most ${field.maxItems}.`;
      return undefined;
    }
    case 'unsupported':
      return field.reason;
  }
}

function textProblem(field: Extract<FormField, { type: 'text' }>, value: string): string | undefined {
  const length = [...value].length;
  if (field.minLength !== undefined && length < field.minLength)
    return `Enter at least ${field.minLength} ${field.minLength === 1 ? 'character' : 'characters'}.`;
  if (field.maxLength !== undefined && length > field.maxLength)
    return `Enter at most ${field.maxLength} ${field.maxLength === 1 ? 'character' : 'characters'}.`;
  switch (field.format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? undefined : 'Enter an email address, like name@example.com.';
    case 'uri':
      return isUri(value) ? undefined : 'Enter a full address, like https://example.com.';
    case 'date':
      return isDate(value) ? undefined : 'Enter a date as YYYY-MM-DD.';
    case 'date-time':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'Enter a date and time.';
    default:
      return undefined;
  }
}

/** An absolute URI: a scheme, then no spaces; web addresses need a host. (shared/ has no URL class.) */
function isUri(value: string): boolean {
  const m = /^([a-z][a-z0-9+.-]*):(\S+)$/i.exec(value);
  if (!m) return false;
  return !/^(https?|wss?|ftp)$/i.test(m[1] ?? '') || /^\/\/[^/?#\s]+/.test(m[2] ?? '');
}

function isDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
