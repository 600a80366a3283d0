// Requests for the person that are not tool calls, as prompts in the same queue as permission
// prompts (so they wait in the transcript and the inbox, and the tab needs you): an MCP server's
// request for input, and a dialog Claude Code asks. Each carries its own typed part
// (`elicitation`, `dialog`) and a tool name no tool has, so nothing takes it for a tool call.
import { DIALOG_PROMPT } from '../../../shared/dialogs';
import type { PermissionRequest } from '../../../shared/events';
import { ELICITATION_PROMPT } from '../../../shared/mcp';
import type { Json } from './control';
import { RENDERED_DIALOGS } from './dialogs';
import { elicitationFrom } from './elicitation';

export function elicitationPrompt(requestId: string, r: Json, at: number): PermissionRequest {
  const elicitation = elicitationFrom(r);
  return {
    requestId,
    toolName: ELICITATION_PROMPT,
    displayName: elicitation.server,
    title: elicitation.title,
    description: elicitation.message,
    input: {},
    suggestions: [],
    mcpServer: elicitation.server,
    elicitation,
    at,
  };
}

export type DialogPrompt =
  | { kind: 'prompt'; wireKind: string; request: PermissionRequest }
  /** A kind clide did not declare (the CLI should not send it). */
  | { kind: 'undeclared'; wireKind: string }
  /** A declared kind whose payload this version cannot read. */
  | { kind: 'unreadable'; wireKind: string };

export function dialogPrompt(requestId: string, r: Json, at: number): DialogPrompt {
  const wireKind = typeof r.dialog_kind === 'string' ? r.dialog_kind.slice(0, 100) : '';
  const rendered = Object.hasOwn(RENDERED_DIALOGS, wireKind) ? RENDERED_DIALOGS[wireKind] : undefined;
  if (!rendered) return { kind: 'undeclared', wireKind };
  const payload = typeof r.payload === 'object' && r.payload !== null && !Array.isArray(r.payload) ? (r.payload as Json) : {};
  const dialog = rendered.parse(payload);
  if (!dialog) return { kind: 'unreadable', wireKind };
  return {
    kind: 'prompt',
    wireKind,
    request: {
      requestId,
      toolName: DIALOG_PROMPT,
      displayName: 'Claude Code',
      input: {},
      suggestions: [],
      toolUseId: typeof r.tool_use_id === 'string' && r.tool_use_id !== '' ? r.tool_use_id : undefined,
      dialog,
      at,
    },
  };
}
