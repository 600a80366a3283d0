// The user messages clide writes to the CLI: exact shapes, typed against the pinned Agent SDK's
// own declarations (a field the SDK renames or drops fails the type check), and every one says
// who is speaking.
import type { SDKMessageOrigin, SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { messageOrigin, peerMode, THE_PERSON, userMessage } from '../../../electron/core/protocol/outbound';
import { permissionModes } from '../../../shared/events';

const UUID = '6f1c2b3a-0d4e-4f5a-8b6c-7d8e9f0a1b2c';

describe('userMessage', () => {
  it("the person's prompt is stamped human", () => {
    const wire: SDKUserMessage = {
      type: 'user',
      message: { role: 'user', content: 'Fix the test' },
      parent_tool_use_id: null,
      origin: { kind: 'human' },
      uuid: UUID,
    };
    expect(userMessage('Fix the test', [], THE_PERSON, UUID)).toStrictEqual(wire);
  });

  it('images go first, then the text, and the stamp stays', () => {
    const wire: SDKUserMessage = {
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'text', text: 'What is this?' },
        ],
      },
      parent_tool_use_id: null,
      origin: { kind: 'human' },
    };
    expect(userMessage('What is this?', [{ mediaType: 'image/png', data: 'iVBORw0KGgo=' }], THE_PERSON)).toStrictEqual(wire);
  });

  it("another session's message is a peer, named by its session id, with its permission class; never human", () => {
    const wire: SDKUserMessage = {
      type: 'user',
      message: { role: 'user', content: '[clide-team] A message from "api-server"…' },
      parent_tool_use_id: null,
      origin: { kind: 'peer', from: 'tab-api', fromMode: 'prompting' },
      uuid: UUID,
    };
    expect(userMessage('[clide-team] A message from "api-server"…', [], { kind: 'peer', session: 'tab-api', permissionMode: 'default' }, UUID)).toStrictEqual(
      wire,
    );
    const bypass: SDKMessageOrigin = { kind: 'peer', from: 'tab-api', fromMode: 'bypass' };
    expect(messageOrigin({ kind: 'peer', session: 'tab-api', permissionMode: 'bypassPermissions' })).toStrictEqual(bypass);
  });
});

describe('peerMode', () => {
  it('only bypassPermissions claims the bypass class; every other mode, and none, is prompting', () => {
    const classes = Object.fromEntries(permissionModes.map((m) => [m, peerMode(m)]));
    expect(classes).toStrictEqual({
      default: 'prompting',
      acceptEdits: 'prompting',
      plan: 'prompting',
      bypassPermissions: 'bypass',
      dontAsk: 'prompting',
      auto: 'prompting',
    });
    expect(peerMode(undefined)).toBe('prompting');
    expect(peerMode('someFutureMode')).toBe('prompting');
  });
});
