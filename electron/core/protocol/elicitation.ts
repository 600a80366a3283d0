// `elicitation` control requests: an MCP server asks the person for input (MCP
// `elicitation/create`, forwarded by the CLI). Observed on 2.1.332: form mode carries
// `requested_schema` (a flat JSON Schema object) and `property_order`; URL mode carries `url` and
// `elicitation_id`, and the server's later `notifications/elicitation/complete` arrives as
// system/elicitation_complete. The answer is `{action: accept|decline|cancel, content?}`; a
// control_cancel_request withdraws the request (the server's own timeout, or an interrupt).
import type { Elicitation, ElicitationAnswer, FormField, FormOption } from '../../../shared/mcp';
import { isRecord, nonEmpty, num } from '../../../shared/guards';
import type { Json } from './control';

/** More fields than any form a person would fill in; the rest are shown as not supported. */
const MAX_FIELDS = 100;
const MAX_TEXT = 20_000;

export function elicitationFrom(r: Json): Elicitation {
  const url = r.mode === 'url';
  return {
    server: nonEmpty(r.mcp_server_name) ?? 'An MCP server',
    message: clip(nonEmpty(r.message) ?? ''),
    mode: url ? 'url' : 'form',
    fields: url ? [] : formFields(r.requested_schema, r.property_order),
    url: url ? nonEmpty(r.url) : undefined,
    elicitationId: nonEmpty(r.elicitation_id),
    title: nonEmpty(r.title),
    description: nonEmpty(r.description),
  };
}

/** The control_response body for the person's answer. A form's accept carries its content; a URL's carries none. */
export function elicitationReply(answer: ElicitationAnswer, mode: Elicitation['mode']): Json {
  if (answer.action === 'accept') return mode === 'url' ? { action: 'accept' } : { action: 'accept', content: answer.content ?? {} };
  return { action: answer.action };
}

/** The fields of a requested schema, in the order the server listed them. */
export function formFields(schema: unknown, order: unknown): FormField[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const props = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : []);
  const listed = Array.isArray(order) ? order.filter((k): k is string => typeof k === 'string' && Object.hasOwn(props, k)) : [];
  const names = [...new Set([...listed, ...Object.keys(props)])];
  return names.map((name, i) =>
    i < MAX_FIELDS
      ? field(name, props[name], required.has(name))
      : { name, required: required.has(name), type: 'unsupported', reason: 'Too many fields to show.' },
  );
}

function field(name: string, p: unknown, required: boolean): FormField {
  if (!isRecord(p)) return { name, required, type: 'unsupported', reason: 'The server did not describe this field.' };
  const base = { name, required, title: nonEmpty(p.title), description: nonEmpty(p.description) };
  switch (p.type) {
    case 'string': {
      const options = stringOptions(p);
      if (options) return { ...base, type: 'choice', options, default: nonEmpty(p.default) };
      const format = p.format === 'email' || p.format === 'uri' || p.format === 'date' || p.format === 'date-time' ? p.format : undefined;
      return {
        ...base,
        type: 'text',
        format,
        minLength: num(p.minLength),
        maxLength: num(p.maxLength),
        default: typeof p.default === 'string' ? p.default : undefined,
      };
    }
    case 'number':
    case 'integer':
      return { ...base, type: 'number', integer: p.type === 'integer', minimum: num(p.minimum), maximum: num(p.maximum), default: num(p.default) };
    case 'boolean':
      return { ...base, type: 'boolean', default: typeof p.default === 'boolean' ? p.default : undefined };
    case 'array': {
      const options = isRecord(p.items) ? itemOptions(p.items) : undefined;
      if (!options) return { ...base, type: 'unsupported', reason: 'A list field without a list of choices.' };
      const picked = Array.isArray(p.default) ? p.default.filter((v): v is string => typeof v === 'string') : undefined;
      return { ...base, type: 'choices', options, minItems: num(p.minItems), maxItems: num(p.maxItems), default: picked };
    }
    default:
      return { ...base, type: 'unsupported', reason: `A field of type "${typeof p.type === 'string' ? p.type : 'unknown'}", which MCP forms do not allow.` };
  }
}

/** `enum` (titled by `enumNames` in the older form) or `oneOf: [{const, title}]`. */
function stringOptions(p: Record<string, unknown>): FormOption[] | undefined {
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) && p.enumNames.length === p.enum.length ? p.enumNames : undefined;
    return p.enum.filter((v): v is string => typeof v === 'string').map((value, i) => ({ value, label: nonEmpty(names?.[i]) ?? value }));
  }
  if (Array.isArray(p.oneOf)) return titled(p.oneOf);
  return undefined;
}

function itemOptions(items: Record<string, unknown>): FormOption[] | undefined {
  if (Array.isArray(items.enum)) return items.enum.filter((v): v is string => typeof v === 'string').map((value) => ({ value, label: value }));
  if (Array.isArray(items.anyOf)) return titled(items.anyOf);
  return undefined;
}

function titled(list: unknown[]): FormOption[] {
  return list.filter(isRecord).flatMap((o) => (typeof o.const === 'string' ? [{ value: o.const, label: nonEmpty(o.title) ?? o.const }] : []));
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}
