// The spine against reality: the real pinned `claude` CLI, driven through clide's session
// host, answering from the loopback fake Anthropic API.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastToolResults, lastUserText, text, toolUse, type FakeReply, type Responder } from '../support/fake-api';
import { claudeVersion, withoutVersionNote } from '../support/real-cli';
import { realCliSessions } from '../support/real-cli-hosts';
import { TESTED_CLI_VERSION } from '../../electron/core/protocol/version';
import { alive, waitFor } from '../support/wait';
import { blocksOf, toolOf } from '../../shared/transcript';

// Each test's host is checked (nothing left unanswered, no claude left running) and shut down after it.
const openSession = realCliSessions();
const open = (script: Responder | FakeReply[]) => openSession(script, { ready: false });

describe('a real claude session', () => {
  it('answers initialize at spawn with models, commands and the CLI version', async () => {
    const { id, h } = await open([]);
    await waitFor(() => h.view(id).status === 'ready', 'ready');
    const info = h.view(id).info;
    // Whichever CLI runs the suite (CLIDE_TEST_CLI): the version it reports is the one shown.
    expect(info.cliVersion).toBe(claudeVersion());
    expect(info.models?.length).toBeGreaterThan(0);
    expect(info.models?.[0]).toMatchObject({ value: expect.any(String), displayName: expect.any(String) });
    expect(info.commands?.some((c) => c.name === 'compact')).toBe(true);
    expect(info.permissionMode).toBe('default');
    // A CLI other than the tested one gets one quiet note saying so; the tested one, nothing.
    if (claudeVersion() === TESTED_CLI_VERSION) expect(h.view(id).items).toEqual([]);
    else
      expect(h.view(id).items).toEqual([
        expect.objectContaining({ type: 'notice', code: 'cli-version', text: expect.stringContaining(`Claude Code ${claudeVersion()} is installed`) }),
      ]);
  });

  it('streams a text turn as deltas and ends with a result', async () => {
    const reply = 'Hello from the fake API, streamed in small pieces so the deltas are visible.';
    // Pieces far enough apart that a busy machine still delivers them in more than one batch.
    const { id, events, h, sb } = await open([text(reply, { chunk: 5, delayMs: 40 })]);
    await waitFor(() => h.view(id).status === 'ready', 'ready');
    h.send(id, 'Say hello');
    // The view is current at once; subscribers get events in frame-sized batches, a little later.
    await waitFor(() => events.some((e) => e.kind === 'result'), 'the result event');
    const deltas = events.filter((e) => e.kind === 'block-delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => (d.kind === 'block-delta' ? d.text : '')).join('')).toBe(reply);
    const v = h.view(id);
    // (A CLI other than the tested one adds its version note first: not part of the turn.)
    const items = withoutVersionNote(v.items);
    expect(items.map((i) => i.type)).toEqual(['user', 'assistant']);
    expect(items[0]).toMatchObject({ type: 'user', text: 'Say hello' });
    const assistant = items[1];
    expect(assistant?.type === 'assistant' && blocksOf(assistant)).toEqual([{ type: 'text', text: reply, streaming: false }]);
    expect(v.lastResult).toMatchObject({ subtype: 'success', isError: false });
    expect(v.costUsd).toBeGreaterThan(0);
    expect(v.contextWindow).toBeGreaterThan(0);
    expect(v.contextTokens).toBeGreaterThan(0);
    expect(v.info.model).toBeTruthy();
    expect(v.info.claudeSessionId).toMatch(/[0-9a-f-]{36}/);
    expect(v.status).toBe('ready');
    expect(lastUserText(sb.api.turns()[0]!.body)).toContain('Say hello');
  });

  it('a Write that is allowed creates the file', async () => {
    const { id, h, sb } = await open([toolUse('Write', { file_path: 'allowed.txt', content: 'yes\n' }, 'Writing it.'), text('Wrote allowed.txt.')]);
    h.send(id, 'Write allowed.txt');
    const prompt = await waitFor(() => h.view(id).pending[0], 'permission prompt');
    expect(h.view(id).status).toBe('waiting');
    expect(prompt).toMatchObject({ toolName: 'Write', displayName: 'Write' });
    expect(prompt.input).toMatchObject({ content: 'yes\n' });
    expect(prompt.suggestions.length).toBeGreaterThan(0);
    h.respond(id, prompt.requestId, { behavior: 'allow' });
    await waitFor(() => h.view(id).lastResult, 'result');
    expect(fs.readFileSync(path.join(sb.cwd, 'allowed.txt'), 'utf8')).toBe('yes\n');
    const v = h.view(id);
    expect(v.pending).toEqual([]);
    expect(toolOf(v, prompt.toolUseId!)).toMatchObject({ permission: 'allowed', result: { isError: false } });
    expect(toolOf(v, prompt.toolUseId!)?.result?.structured).toMatchObject({ type: 'create' });
  });

  it('a Read shows its text once: the result keeps the path and line counts, not a second copy', async () => {
    const { id, h, sb } = await open([toolUse('Read', { file_path: 'notes.txt' }), text('Read it.')]);
    fs.writeFileSync(path.join(sb.cwd, 'notes.txt'), 'first line\nsecond line\nthird line\n');
    h.send(id, 'Read notes.txt');
    await waitFor(() => h.view(id).lastResult, 'result');
    const call = withoutVersionNote(h.view(id).items)
      .flatMap((i) => (i.type === 'assistant' ? blocksOf(i) : []))
      .find((b) => b.tool?.name === 'Read');
    const result = toolOf(h.view(id), call!.tool!.id)?.result;
    expect(result?.isError).toBe(false);
    expect(result?.content).toContain('second line');
    // The CLI sends the file's text again inside its structured result (file.content); it is
    // not kept, and what the window reads from there is.
    const file = (result?.structured as { type?: string; file?: Record<string, unknown> }).file;
    expect(result?.structured).toMatchObject({ type: 'text' });
    expect(file).toMatchObject({ filePath: expect.stringMatching(/notes\.txt$/), numLines: expect.any(Number), startLine: 1, totalLines: expect.any(Number) });
    expect(file).not.toHaveProperty('content');
  });

  it('a Write that is denied creates nothing and the denial reaches Claude and the transcript', async () => {
    const { id, h, sb } = await open([toolUse('Write', { file_path: 'denied.txt', content: 'no\n' }), text('Understood, I did not write it.')]);
    h.send(id, 'Write denied.txt');
    const prompt = await waitFor(() => h.view(id).pending[0], 'permission prompt');
    h.respond(id, prompt.requestId, { behavior: 'deny', message: 'Not that file, please.' });
    await waitFor(() => h.view(id).lastResult, 'result');
    expect(fs.existsSync(path.join(sb.cwd, 'denied.txt'))).toBe(false);
    const v = h.view(id);
    expect(toolOf(v, prompt.toolUseId!)).toMatchObject({ permission: 'denied', permissionMessage: 'Not that file, please.', result: { isError: true } });
    const sent = lastToolResults(sb.api.turns()[1]!.body);
    expect(JSON.stringify(sent)).toContain('Not that file, please.');
  });

  it('closes the process when the session closes', async () => {
    const { id, h } = await open([]);
    await waitFor(() => h.view(id).status === 'ready', 'ready');
    const pid = h.list()[0]?.pid;
    expect(alive(pid)).toBe(true);
    await h.close(id);
    expect(alive(pid)).toBe(false);
  });
});
