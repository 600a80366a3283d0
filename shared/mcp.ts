// MCP servers as the window sees them: their state (mcp_status), the tools that bring a UI of
// their own (MCP Apps) and reading that UI, and an MCP server's request for input (an
// elicitation) with the form it asks for. The app's own shapes, not the wire's:
// electron/core/protocol turns the CLI's messages into these.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Who may call a tool that has a UI: the model, the app's UI, or both (absent: not declared). */
export const McpAppVisibilitySchema = lazySchema(() => z.enum(['model', 'app']));

/** A tool that declares a UI resource in its `_meta.ui.resourceUri`. */
export const McpToolAppSchema = lazySchema(() =>
  z.object({
    tool: z.string(),
    /** Always a `ui://` URI (anything else is dropped in the protocol layer). */
    resourceUri: z.string(),
    visibility: z.array(McpAppVisibilitySchema).optional(),
  }),
);
export type McpToolApp = z.infer<typeof McpToolAppSchema>;

/** mcp_status: one configured MCP server. */
export const McpServerStatusSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    /** connected, failed, needs-auth, pending, disabled (an open set: newer CLIs may add more). */
    status: z.string(),
    /** Why it failed, as the CLI says. */
    error: z.string().optional(),
    serverName: z.string().optional(),
    serverVersion: z.string().optional(),
    /** Where it is configured: project, user, local, managed, dynamic, ... */
    scope: z.string().optional(),
    /** Where its definition came from; `sdk` means clide itself runs it in-process. */
    source: z.string().optional(),
    /** stdio, http, sse, sdk, ... */
    transport: z.string().optional(),
    tools: z.array(z.string()).optional(),
    /** Its tools that declare an MCP Apps UI (a `ui://` resource to show beside the call). */
    apps: z.array(McpToolAppSchema).optional(),
  }),
);
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>;

/** The servers of a session as last reported, and when that was (epoch ms). */
export const McpStateSchema = lazySchema(() => z.object({ servers: z.array(McpServerStatusSchema), at: z.number() }));
export type McpState = z.infer<typeof McpStateSchema>;

/** What the MCP panel can do to a server. */
export const McpChangeSchema = lazySchema(() => z.object({ action: z.enum(['reconnect', 'enable', 'disable']), server: z.string().min(1).max(500) }).strict());
export type McpChange = z.infer<typeof McpChangeSchema>;

export { isClideOwn, needsAttention } from './mcp-health';

// ---- MCP Apps (SEP-1865): a tool's own UI, untrusted HTML shown in a sandboxed frame ---------

/** The most HTML clide takes for one app: a UI bigger than this is refused, not cut. */
export const MAX_APP_HTML_CHARS = 2_000_000;

export const UI_SCHEME = 'ui://';

/** The sandboxed page an app runs in, served by both hosts (electron/web/app-frame.ts). */
export const MCP_APP_FRAME_PATH = '/mcp-app-frame.html';

export const McpAppReadSchema = lazySchema(() =>
  z
    .object({
      id: z.string().min(1).max(200),
      server: z.string().min(1).max(500),
      uri: z.string().min(1).max(2000),
    })
    .strict(),
);

/** A tool's UI as read from its server: the HTML to run in the sandboxed frame. */
export const McpAppResourceSchema = lazySchema(() =>
  z.object({
    uri: z.string(),
    mimeType: z.string().optional(),
    html: z.string().max(MAX_APP_HTML_CHARS),
    /**
     * Web origins the app's `_meta.ui.csp` asks to reach. clide does not grant them (the frame has
     * no network at all); they are shown so the person knows what the app would have used.
     */
    requestedDomains: z.array(z.string()).optional(),
  }),
);
export type McpAppResource = z.infer<typeof McpAppResourceSchema>;

/** session:mcpReadApp in the contract table (shared/ipc.ts). */
export const mcpReadAppContract = { input: McpAppReadSchema, output: McpAppResourceSchema } as const;

/** The app a tool call shows, from the servers' state: `mcp__<server>__<tool>` with a declared UI. */
export function appForTool(servers: readonly McpServerStatus[] | undefined, server: string, tool: string): McpToolApp | undefined {
  return servers?.find((s) => s.name === server)?.apps?.find((a) => a.tool === tool);
}

// ---- elicitation: a form an MCP server asks the person to fill in ------------------------------

/** The fields every form field has (spread into each kind's schema, as it is built). */
const fieldBase = () => ({
  /** The property name the answer carries the value under. */
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean(),
});

export const FormOptionSchema = lazySchema(() => z.object({ value: z.string(), label: z.string() }));
export type FormOption = z.infer<typeof FormOptionSchema>;

export const textFormats = ['email', 'uri', 'date', 'date-time'] as const;

/** One field of an elicitation form (MCP allows only flat, primitive properties). */
export const FormFieldSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      ...fieldBase(),
      type: z.literal('text'),
      format: z.enum(textFormats).optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      default: z.string().optional(),
    }),
    z.object({
      ...fieldBase(),
      type: z.literal('number'),
      integer: z.boolean(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      default: z.number().optional(),
    }),
    z.object({ ...fieldBase(), type: z.literal('boolean'), default: z.boolean().optional() }),
    /** Pick one (an `enum`, or `oneOf` with a title per value). */
    z.object({ ...fieldBase(), type: z.literal('choice'), options: z.array(FormOptionSchema), default: z.string().optional() }),
    /** Pick several (an `array` of enum values). */
    z.object({
      ...fieldBase(),
      type: z.literal('choices'),
      options: z.array(FormOptionSchema),
      minItems: z.number().optional(),
      maxItems: z.number().optional(),
      default: z.array(z.string()).optional(),
    }),
    /** A property clide cannot show as a field; `reason` says why. A required one blocks Accept. */
    z.object({ ...fieldBase(), type: z.literal('unsupported'), reason: z.string() }),
  ]),
);
export type FormField = z.infer<typeof FormFieldSchema>;

export const ElicitationSchema = lazySchema(() =>
  z.object({
    /** The MCP server that asks (its configured name). */
    server: z.string(),
    message: z.string(),
    /** `form`: fill in the fields; `url`: open a page (sign-in, payment) outside the app. */
    mode: z.enum(['form', 'url']),
    fields: z.array(FormFieldSchema),
    /** URL mode: the page to open, exactly as the server sent it. */
    url: z.string().optional(),
    elicitationId: z.string().optional(),
    /** A heading the server gave for the request (its permission display), if any. */
    title: z.string().optional(),
    description: z.string().optional(),
  }),
);
export type Elicitation = z.infer<typeof ElicitationSchema>;

export const FormValueSchema = lazySchema(() => z.union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1000)]));
export type FormValue = z.infer<typeof FormValueSchema>;

/** The person's answer: the protocol's three (accept with the form's content, decline, cancel). */
export const ElicitationAnswerSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('accept'), content: z.record(z.string().max(1000), FormValueSchema).optional() }),
    z.object({ action: z.literal('decline') }),
    z.object({ action: z.literal('cancel') }),
  ]),
);
export type ElicitationAnswer = z.infer<typeof ElicitationAnswerSchema>;

/** The tool name a prompt that is an elicitation carries (it is not a tool call). */
export { ELICITATION_PROMPT } from './prompt-tools';
