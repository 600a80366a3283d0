// Shapes clide writes to the CLI's stdin.
import type { ImageInput, PermissionDecision } from '../../../shared/ipc';
import type { Json } from './control';

export const DEFAULT_DENY_MESSAGE = 'The user declined this tool use.';

/**
 * Who wrote a user message clide sends: the person at the keyboard (typed, queued or steered
 * into a running turn), or another session of the team (delivered by the team broker). The
 * session's permission mode is the sender's, at the time it sent.
 */
export type Speaker = { kind: 'person' } | { kind: 'peer'; session: string; permissionMode?: string };

export const THE_PERSON: Speaker = { kind: 'person' };

/** The SDK's permission class of a sending session (SDKMessageOrigin.fromMode). */
export type PeerMode = 'bypass' | 'prompting';

/**
 * Only bypassPermissions runs every tool without asking, so only it is 'bypass'. The class is a
 * claim a recipient that runs without asking may deliver on at once, so every other mode says
 * 'prompting' and is held there: acceptEdits still asks before commands, dontAsk runs only
 * tools allowed beforehand (and denies the rest), auto has each call judged by a classifier,
 * plan runs nothing, and an unknown or not yet reported mode claims nothing.
 */
export function peerMode(permissionMode: string | undefined): PeerMode {
  return permissionMode === 'bypassPermissions' ? 'bypass' : 'prompting';
}

/**
 * The `origin` stamp of a user message (the SDK's SDKMessageOrigin). The CLI treats a message
 * without one as unattributed and fails closed at its trust gates, so a host that writes the
 * person's keyboard input must say `human`; a message from another session is a `peer`, named
 * by that session's id (what the team tools accept as `to`, so the stamp is also the way back),
 * never the person's words.
 */
export function messageOrigin(speaker: Speaker): Json {
  if (speaker.kind === 'person') return { kind: 'human' };
  return { kind: 'peer', from: speaker.session, fromMode: peerMode(speaker.permissionMode) };
}

/** The one writer of user messages: every one says who is speaking. */
export function userMessage(text: string, images: readonly ImageInput[], speaker: Speaker, uuid?: string): Json {
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
    origin: messageOrigin(speaker),
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
 * card can show the nested conversation. `perTaskStopAffordance` says the window stops each
 * background task on its own (the Tasks panel's Stop, stop_task): an interrupt then ends only
 * the turn, and background subagents keep running, as in the terminal (without it 2.1.332
 * kills them on every interrupt, seen live).
 */
export function initializeRequest(extra: Json = {}): Json {
  return { hooks: {}, sdkMcpServers: [], forwardSubagentText: true, perTaskStopAffordance: true, ...extra };
}
