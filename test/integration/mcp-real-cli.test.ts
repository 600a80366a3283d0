// MCP servers and elicitation on the real pinned CLI, with a real stdio MCP server the test
// starts (test/support/mcp-server/probe-server.mjs) configured through a project `.mcp.json`:
// its state, tools, failure and reconnect, disable and enable, and its requests for input
// answered each of the protocol's three ways (the server records what it received).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionHost } from '../../electron/core/host';
import type { McpServerStatus } from '../../shared/mcp';
import { lastToolResults, text, toolUse, type FakeReply, type RecordedRequest } from '../support/fake-api';
import { installProbe, type Probe } from '../support/mcp-probe';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();

/** A session in a folder with the probe server; the probe's tools need no permission prompt. */
async function withProbe(script: FakeReply[] | ((req: RecordedRequest) => FakeReply | undefined) = [], opts: { failing?: boolean } = {}) {
  const { sandbox, host } = await onRealCli(typeof script === 'function' ? (req) => script(req) : script);
  const probe = installProbe(sandbox, { allow: true });
  if (opts.failing) probe.failing(true);
  const { id } = host.create({});
  await waitFor(() => host.view(id).status === 'ready', 'ready');
  return { sandbox, host, id, probe };
}

function server(host: SessionHost, id: string): McpServerStatus | undefined {
  return host.view(id).info.mcp?.servers.find((s) => s.name === 'probe');
}

/** The state as every window sees it (pushed into the view), once it is not `pending` any more. */
async function settled(host: SessionHost, id: string): Promise<McpServerStatus> {
  await host.mcpStatus(id);
  return waitFor(() => {
    const s = server(host, id);
    return s && s.status !== 'pending' ? s : undefined;
  }, 'the probe server to finish starting');
}

/** A turn in which the model calls the probe's `ask` tool with these arguments, then says what it got. */
function asking(args: Record<string, unknown>) {
  return (req: RecordedRequest): FakeReply => (lastToolResults(req.body).length === 0 ? toolUse('mcp__probe__ask', args) : text('Thanks.'));
}

const profile = {
  message: 'Who are you?',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2 },
      age: { type: 'integer', minimum: 0 },
      role: {
        type: 'string',
        oneOf: [
          { const: 'dev', title: 'Developer' },
          { const: 'ops', title: 'Operations' },
        ],
      },
    },
    required: ['name', 'role'],
  },
};

async function prompted(host: SessionHost, id: string) {
  host.send(id, 'Ask me');
  return waitFor(() => host.view(id).pending.find((p) => p.elicitation), 'the input request');
}

function lastAnswer(probe: Probe): unknown {
  return probe.answers().at(-1);
}

describe('MCP servers on the real CLI', () => {
  it('lists a configured server as connected, with its tools, scope and source', async () => {
    const { host, id } = await withProbe();
    const s = await settled(host, id);
    expect(s).toMatchObject({
      name: 'probe',
      status: 'connected',
      scope: 'project',
      source: 'project',
      transport: 'stdio',
      serverName: 'probe-server',
      serverVersion: '1.4.0',
    });
    expect(s.tools?.sort()).toEqual(['ask', 'hello']);
  });

  it('a server that fails shows failed with the reason; reconnect says why it still fails, then brings it back', async () => {
    const { host, id, probe } = await withProbe([], { failing: true });
    const failed = await settled(host, id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    await expect(host.mcpChange(id, { action: 'reconnect', server: 'probe' })).rejects.toThrow(failed.error!);
    expect(server(host, id)?.status).toBe('failed');
    probe.failing(false);
    const after = await host.mcpChange(id, { action: 'reconnect', server: 'probe' });
    expect(after.find((s) => s.name === 'probe')).toMatchObject({ status: 'connected', tools: expect.arrayContaining(['hello', 'ask']) });
    expect(server(host, id)?.status).toBe('connected');
  });

  it('disable and enable: the state follows, and an unknown server is refused with the reason', async () => {
    const { host, id } = await withProbe();
    await settled(host, id);
    const off = await host.mcpChange(id, { action: 'disable', server: 'probe' });
    expect(off.find((s) => s.name === 'probe')).toMatchObject({ status: 'disabled' });
    expect(server(host, id)?.tools).toBeUndefined();
    const on = await host.mcpChange(id, { action: 'enable', server: 'probe' });
    expect(on.find((s) => s.name === 'probe')).toMatchObject({ status: 'connected' });
    await expect(host.mcpChange(id, { action: 'reconnect', server: 'nope' })).rejects.toThrow('Server not found: nope');
  });
});

describe('MCP input requests (elicitation) on the real CLI', () => {
  it('a form the person accepts reaches the MCP server with its content; content the form forbids is refused first', async () => {
    const { host, id, probe, sandbox } = await withProbe(asking(profile));
    const prompt = await prompted(host, id);
    expect(prompt.elicitation).toMatchObject({
      server: 'probe',
      message: 'Who are you?',
      mode: 'form',
      fields: [
        { name: 'name', type: 'text', required: true, minLength: 2, title: 'Name' },
        { name: 'age', type: 'number', integer: true, minimum: 0, required: false },
        {
          name: 'role',
          type: 'choice',
          required: true,
          options: [
            { value: 'dev', label: 'Developer' },
            { value: 'ops', label: 'Operations' },
          ],
        },
      ],
    });
    expect(host.view(id).status).toBe('waiting');
    expect(() => host.answerPrompt(id, prompt.requestId, { input: { action: 'accept', content: { name: 'A', role: 'dev' } } })).toThrow(
      'Name: Enter at least 2 characters.',
    );
    expect(() => host.answerPrompt(id, prompt.requestId, { input: { action: 'accept', content: { name: 'Ada', role: 'boss' } } })).toThrow(/role: Choose one/);
    expect(host.view(id).pending).toHaveLength(1);
    host.answerPrompt(id, prompt.requestId, { input: { action: 'accept', content: { name: 'Ada', age: 36, role: 'dev' } } });
    await waitFor(() => host.view(id).lastResult, 'result');
    expect(probe.answers()).toEqual([{ action: 'accept', content: { name: 'Ada', age: 36, role: 'dev' } }]);
    expect(JSON.stringify(lastToolResults(sandbox.api.turns()[1]!.body))).toContain('Ada');
    expect(host.view(id).pending).toEqual([]);
    expect(host.view(id).items.some((i) => i.type === 'notice' && i.text === 'probe asked for input: you sent it.')).toBe(true);
  });

  it('Decline and Cancel reach the server as decline and cancel', async () => {
    const { host, id, probe } = await withProbe(asking(profile));
    const first = await prompted(host, id);
    host.answerPrompt(id, first.requestId, { input: { action: 'decline' } });
    await waitFor(() => host.view(id).lastResult, 'first result');
    expect(lastAnswer(probe)).toEqual({ action: 'decline' });
    const turns = host.view(id).lastResult;
    const second = await prompted(host, id);
    host.answerPrompt(id, second.requestId, { input: { action: 'cancel' } });
    await waitFor(() => host.view(id).lastResult !== turns && host.view(id).lastResult, 'second result');
    expect(lastAnswer(probe)).toEqual({ action: 'cancel' });
  });

  it('a request the CLI withdraws (the server stopped waiting) is dismissed, and no answer is sent', async () => {
    const { host, id, probe } = await withProbe(asking({ ...profile, timeoutMs: 1500 }));
    await prompted(host, id);
    await waitFor(() => host.view(id).lastResult, 'result');
    expect(host.view(id).pending).toEqual([]);
    expect(lastAnswer(probe)).toMatchObject({ error: expect.stringContaining('timed out') });
    expect(host.view(id).items.some((i) => i.type === 'notice' && i.code === 'mcp-input' && i.text.includes('withdrawn'))).toBe(true);
  });

  it('Stop while the form waits answers it as cancelled', async () => {
    const { host, id, probe } = await withProbe(asking(profile));
    await prompted(host, id);
    await host.interrupt(id);
    await waitFor(() => host.view(id).status === 'ready', 'stopped');
    expect(host.view(id).pending).toEqual([]);
    await waitFor(() => lastAnswer(probe), 'the server got an answer');
    expect(lastAnswer(probe)).toEqual({ action: 'cancel' });
  });

  it('a URL request shows the address; going ahead is accept, and the server saying it is done becomes a notice', async () => {
    const url = 'https://auth.example.com/sign-in?session=42';
    const { host, id, probe } = await withProbe(asking({ message: 'Sign in to Example', url }));
    const prompt = await prompted(host, id);
    expect(prompt.elicitation).toMatchObject({ mode: 'url', url, message: 'Sign in to Example', fields: [] });
    expect(() => host.answerPrompt(id, prompt.requestId, { input: { action: 'accept', content: { x: 'y' } } })).toThrow(/no form content/);
    host.answerPrompt(id, prompt.requestId, { input: { action: 'accept' } });
    expect(lastAnswer(probe)).toBeUndefined();
    await waitFor(() => lastAnswer(probe), 'the server got an answer');
    expect(lastAnswer(probe)).toEqual({ action: 'accept' });
    await waitFor(() => host.view(id).items.find((i) => i.type === 'notice' && i.code === 'elicitation-complete'), 'elicitation_complete');
  });
});

describe('dialogs Claude Code asks (request_user_dialog) on the real CLI', () => {
  /** Fable refuses (its safeguards), the fallback model answers; the CLI asks first when switchModelsOnFlag is off. */
  const refusing = (req: RecordedRequest): FakeReply =>
    /fable/.test(req.body.model ?? '')
      ? text('I will not', { stop: { reason: 'refusal', details: { type: 'refusal', category: 'cyber', explanation: 'flagged' } } })
      : text(`Answered by ${req.body.model}.`);

  async function refusal() {
    const { sandbox, host } = await onRealCli((req) => refusing(req));
    fs.writeFileSync(path.join(sandbox.configDir, 'settings.json'), JSON.stringify({ switchModelsOnFlag: false }));
    const { id } = host.create({ model: 'fable' });
    await waitFor(() => host.view(id).status === 'ready', 'ready');
    host.send(id, 'Scan my own server for open ports');
    const prompt = await waitFor(() => host.view(id).pending.find((p) => p.dialog), 'the dialog');
    return { sandbox, host, id, prompt };
  }

  it('the refusal fallback question: Retry sends the message again on the fallback model', async () => {
    const { sandbox, host, id, prompt } = await refusal();
    expect(prompt.dialog).toEqual({ kind: 'refusal-fallback', originalModel: 'claude-fable-5-2', fallbackModel: 'claude-opus-4-8', category: 'cyber' });
    expect(host.view(id).status).toBe('waiting');
    expect(() => host.answerPrompt(id, prompt.requestId, { dialog: { answer: 'choice', choice: 'launch' } })).toThrow(/not a choice/);
    host.answerPrompt(id, prompt.requestId, { dialog: { answer: 'choice', choice: 'retry' } });
    await waitFor(() => host.view(id).lastResult, 'result');
    expect(sandbox.api.turns().at(-1)?.body.model).toBe('claude-opus-4-8');
    expect(host.view(id).lastResult?.isError).toBe(false);
  });

  it('Edit the message ends the turn without asking another model', async () => {
    const { sandbox, host, id, prompt } = await refusal();
    const before = sandbox.api.turns().length;
    host.answerPrompt(id, prompt.requestId, { dialog: { answer: 'choice', choice: 'edit' } });
    await waitFor(() => host.view(id).lastResult, 'result');
    expect(sandbox.api.turns()).toHaveLength(before);
    expect(sandbox.api.turns().every((t) => /fable/.test(t.body.model ?? ''))).toBe(true);
    expect(host.view(id).pending).toEqual([]);
  });
});
