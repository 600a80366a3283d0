// Outbound control requests against the real pinned CLI (loopback fake API): interrupt,
// permission mode, model, context usage and the other typed requests. Every test ends with no
// control request left unanswered.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClideError } from '../../shared/result';
import { lastUserText, text, toolUse, type FakeReply, type Responder } from '../support/fake-api';
import { waitFor } from '../support/wait';
import { realCliSessions } from '../support/real-cli-hosts';
import { blocksOf } from '../../shared/transcript';

// Each test's host is checked (no control request left unanswered) and shut down after it.
const openSession = realCliSessions();
const open = (script: Responder | FakeReply[]) => openSession(script);

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('outbound control requests on the real CLI', () => {
  it('interrupt mid-turn: the turn ends, the interruption shows as context, the session is ready again', async () => {
    const long = 'A long reply that streams slowly so there is time to stop it. '.repeat(6);
    const { id, events, h } = await open([text(long, { chunk: 4, delayMs: 40 }), text('Short answer.')]);
    h.send(id, 'Tell me a long story');
    await waitFor(() => events.some((e) => e.kind === 'block-delta'), 'first streamed text');
    await h.interrupt(id);
    await waitFor(() => h.view(id).lastResult, 'the interrupted turn to end');
    await waitFor(() => h.view(id).status === 'ready', 'ready after interrupt');
    const v = h.view(id);
    expect(v.lastResult).toMatchObject({ interrupted: true });
    expect(v.items.find((i) => i.type === 'assistant')).toMatchObject({ aborted: true });
    expect(v.items.find((i) => i.type === 'context')).toMatchObject({ source: 'interrupt', label: 'Interrupted by you' });
    expect(v.items.filter((i) => i.type === 'user')).toHaveLength(1);
    expect(v.items.some((i) => i.type === 'turn-error')).toBe(false);
    const assistant = v.items.find((i) => i.type === 'assistant');
    expect(assistant?.type === 'assistant' && blocksOf(assistant)[0]?.text.length).toBeLessThan(long.length);
    // The session goes on normally.
    h.send(id, 'Say something short');
    await waitFor(() => h.view(id).lastResult?.text === 'Short answer.', 'the next turn');
  });

  it('set_permission_mode: the CLI confirms; bypassPermissions without the launch flag is a clear error', async () => {
    const { id, h } = await open([]);
    expect(await h.setPermissionMode(id, 'acceptEdits')).toBe('acceptEdits');
    expect(h.view(id).info.permissionMode).toBe('acceptEdits');
    const err = await errorOf(h.setPermissionMode(id, 'bypassPermissions'));
    expect(err).toBeInstanceOf(ClideError);
    expect((err as ClideError).info.kind).toBe('control-error');
    expect((err as ClideError).info.message).toMatch(/bypassPermissions.*--dangerously-skip-permissions/);
    expect(h.view(id).info.permissionMode).toBe('acceptEdits');
  });

  it('set_model: confirmed with the resolved id; the replayed command output is a context card, not a user message', async () => {
    const { id, h, sb } = await open([text('On the default model.'), text('On the new model.')]);
    h.send(id, 'Hello');
    await waitFor(() => h.view(id).lastResult, 'first turn');
    expect(await h.setModel(id, 'sonnet')).toMatch(/sonnet/);
    await waitFor(() => h.view(id).items.some((i) => i.type === 'context'), 'the replayed command output');
    const v = h.view(id);
    const ctx = v.items.filter((i) => i.type === 'context');
    expect(ctx).toHaveLength(1);
    expect(ctx[0]).toMatchObject({ source: 'local-command', label: 'Command output' });
    expect(ctx[0]?.type === 'context' && ctx[0].text).toContain('Set model to');
    expect(v.items.filter((i) => i.type === 'user').map((i) => (i.type === 'user' ? i.text : ''))).toEqual(['Hello']);
    expect(v.info.model).toMatch(/sonnet/);
    h.send(id, 'Which model?');
    await waitFor(() => h.view(id).lastResult?.text === 'On the new model.', 'turn on the new model');
    expect(sb.api.turns().at(-1)?.body.model).toMatch(/sonnet/);
  });

  it('get_context_usage, mcp_status, thinking budget, effort, rewind and stop_task give typed answers', async () => {
    const { id, h, sb } = await open([toolUse('Write', { file_path: 'notes.txt', content: 'one\n' }), text('Noted.')]);
    h.send(id, 'Write notes.txt');
    const prompt = await waitFor(() => h.view(id).pending[0], 'permission prompt');
    h.respond(id, prompt.requestId, { behavior: 'allow' });
    await waitFor(() => h.view(id).lastResult, 'turn');
    expect(fs.readFileSync(path.join(sb.cwd, 'notes.txt'), 'utf8')).toBe('one\n');

    const usage = await h.getContextUsage(id);
    expect(usage.categories.length).toBeGreaterThan(2);
    for (const c of usage.categories) expect(c).toMatchObject({ name: expect.any(String), tokens: expect.any(Number) });
    expect(usage.totalTokens).toBeGreaterThan(0);
    expect(usage.maxTokens).toBeGreaterThan(usage.totalTokens);
    expect(usage.percentage).toBeGreaterThan(0);

    expect(await h.mcpStatus(id)).toEqual([]);
    await h.setMaxThinkingTokens(id, 2048);
    await h.setEffort(id, 'high');
    expect(h.view(id).info).toMatchObject({ maxThinkingTokens: 2048, effortLevel: 'high' });
    await h.stopTask(id, 'no-such-task');

    // The user message's transcript id is the uuid it was sent with, so it names the rewind point.
    const userItem = h.view(id).items.find((i) => i.type === 'user');
    const preview = await h.rewindFiles(id, userItem!.id, true);
    expect(preview.canRewind).toBe(true);
    expect(preview.filesChanged.some((f) => f.endsWith('notes.txt'))).toBe(true);
    const done = await h.rewindFiles(id, userItem!.id);
    expect(done.canRewind).toBe(true);
    expect(fs.existsSync(path.join(sb.cwd, 'notes.txt'))).toBe(false);
    expect(lastUserText(sb.api.turns()[0]!.body)).toContain('Write notes.txt');
  });
});
