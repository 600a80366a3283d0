// Shapes clide writes to the CLI's stdin.
import type { ImageInput, PermissionDecision } from '../../../shared/ipc';
import type { Json } from './control';

export const DEFAULT_DENY_MESSAGE = 'The user declined this tool use.';

export function userMessage(text: string, images: readonly ImageInput[] = [], uuid?: string): Json {
  const content =
    images.length === 0
      ? text
      : [
          ...images.map((img) => ({ type: 'image', source: { type: 'base64', media_type: img.mediaType, data: img.data } })),
          ...(text ? [{ type: 'text', text }] : []),
        ];
  return {
    type: 'user',
    message: { role: 'user', content },
    parent_tool_use_id: null,
    ...(uuid ? { uuid } : {}),
  };
}

/** can_use_tool reply. Allow must carry updatedInput (the CLI rejects a bare allow); deny must carry a message. */
export function permissionReply(decision: PermissionDecision, originalInput: Record<string, unknown>): Json {
  if (decision.behavior === 'allow') {
    return {
      behavior: 'allow',
      updatedInput: decision.updatedInput ?? originalInput,
      ...(decision.updatedPermissions && decision.updatedPermissions.length > 0 ? { updatedPermissions: decision.updatedPermissions } : {}),
    };
  }
  return {
    behavior: 'deny',
    message: decision.message?.trim() ? decision.message : DEFAULT_DENY_MESSAGE,
    ...(decision.interrupt ? { interrupt: true } : {}),
  };
}

/**
 * The initialize request clide sends at spawn. `forwardSubagentText` makes the CLI forward a
 * subagent's text and thinking (with parent_tool_use_id), not only its tool calls, so a tool
 * card can show the nested conversation.
 */
export function initializeRequest(extra: Json = {}): Json {
  return { hooks: {}, sdkMcpServers: [], forwardSubagentText: true, ...extra };
}
