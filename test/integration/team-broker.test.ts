// The team broker on the real pinned CLI: two sessions (two folders) in one SessionHost with
// the broker on, the fake API scripted per session to call the clide-team tools by name.
// Every broker tool goes through the CLI's normal permission prompt first; the tests answer
// the first prompt of each tool with "Always allow" (the CLI's own addRules suggestion) and
// check that the same tool is not asked about again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { TeamOptions } from '../../electron/core/team/broker';
import { isIdleStatus } from '../../shared/events';
import { lastToolResults, lastUserText, text, toolUse, type FakeReply, type MessagesBody, type RecordedRequest } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';
import { blocksOf, toolOf } from '../../shared/transcript';

// Each test's host is checked (no control request left unanswered) and shut down after it.
const onRealCli = realCliHosts();

const team = (tool: string) => `mcp__clide-team__${tool}`;

type Who = 'api' | 'web';
type Script = (who: Who, req: RecordedRequest) => FakeReply | undefined;

/** Which session a request comes from: its working folder is in the system prompt. */
function whoSent(body: MessagesBody, dirs: Record<Who, string>): Who {
  const all = JSON.stringify(body);
  return all.includes(`Primary working directory: ${dirs.web}`) ? 'web' : 'api';
}

async function openTeam(script: Script, opts: TeamOptions = {}) {
  const dirs: Record<Who, string> = { api: '', web: '' };
  const { sandbox, host: h } = await onRealCli((req) => script(whoSent(req.body, dirs), req), { team: opts });
  dirs.api = path.join(sandbox.cwd, 'api-server');
  dirs.web = path.join(sandbox.cwd, 'web-ui');
  fs.mkdirSync(dirs.api);
  fs.mkdirSync(dirs.web);
  const api = h.create({ cwd: dirs.api }).id;
  const web = h.create({ cwd: dirs.web }).id;
  // The first starts at once (nothing is cached yet), the other with its first message.
  await waitFor(() => [api, web].every((id) => isIdleStatus(h.view(id).status) && h.view(id).info.models), 'both sessions idle', 60_000);
  const prompts: Array<{ session: string; tool: string }> = [];
  // Plays the person: allows each clide-team prompt with "Always allow" (the CLI's suggestion).
  const timer = setInterval(() => {
    // (Stops with the test; a tick after the host shut down finds no sessions and does nothing.)
    if (!h.list().some((s) => s.id === api || s.id === web)) return;
    for (const id of [api, web]) {
      for (const p of h.view(id).pending) {
        if (!p.toolName.startsWith('mcp__clide-team__')) continue;
        prompts.push({ session: id === api ? 'api' : 'web', tool: p.toolName });
        try {
          h.respond(id, p.requestId, { behavior: 'allow', updatedPermissions: p.suggestions });
        } catch {
          // Answered on an earlier tick.
        }
      }
    }
  }, 25);
  onTestFinished(() => clearInterval(timer));
  return { h, api, web, prompts, sb: sandbox, dirs };
}

/** The request's newest tool result, as text. */
function toolResultText(body: MessagesBody): string {
  return JSON.stringify(lastToolResults(body).map((r) => r.content));
}

describe('team broker on the real CLI', () => {
  it('a message from one session arrives as a turn in the other, shown as cards in both transcripts', async () => {
    const { h, api, web, prompts, sb } = await openTeam((who, req) => {
      const results = lastToolResults(req.body);
      if (who === 'api') {
        if (results.length === 0) return toolUse(team('send_message'), { to: 'web-ui', text: 'Please add GET /health returning 200.' });
        return text('Asked web-ui.');
      }
      return lastUserText(req.body).includes('[clide-team]') ? text('I will add the route.') : text('?');
    });
    h.send(api, 'Ask web-ui to add a health route.');
    await waitFor(() => h.view(web).lastResult, 'the delivered turn in web-ui');
    await waitFor(() => h.view(api).lastResult, 'the sender turn');

    // The MCP tool went through a normal permission prompt, in the sending session only.
    expect(prompts).toEqual([{ session: 'api', tool: team('send_message') }]);
    // The model in web-ui saw a user turn naming the sender, not the person.
    const webTurns = sb.api.turns().filter((t) => whoSent(t.body, { api: '', web: path.join(sb.cwd, 'web-ui') }) === 'web');
    expect(webTurns).toHaveLength(1);
    const delivered = lastUserText(webTurns[0]!.body);
    expect(delivered).toContain('[clide-team] A message from "api-server"');
    expect(delivered).toContain('Please add GET /health returning 200.');
    expect(delivered).toContain('not from the person');
    // The sender's tool result told it what happens.
    const apiTurns = sb.api.turns().filter((t) => t !== webTurns[0]);
    expect(toolResultText(apiTurns.at(-1)!.body)).toContain('\\"web-ui\\" is idle and gets it as a new turn now');

    // Both transcripts show a distinct card naming sender and receiver.
    const sent = h.view(api).items.filter((i) => i.type === 'team-message');
    expect(sent).toEqual([
      expect.objectContaining({ direction: 'sent', from: { id: api, name: 'api-server' }, to: [{ id: web, name: 'web-ui', state: 'delivered' }] }),
    ]);
    // The CLI names the tool call in the MCP request, so the sender's card stands in for its tool card.
    const call = h
      .view(api)
      .items.flatMap((i) => (i.type === 'assistant' ? blocksOf(i) : []))
      .find((b) => b.tool?.name === team('send_message'));
    expect(call?.tool?.id).toMatch(/^toolu_/);
    expect(sent[0]).toMatchObject({ toolUseId: call?.tool?.id });
    expect(toolOf(h.view(api), call!.tool!.id)).toMatchObject({ teamCard: sent[0]!.id, result: expect.objectContaining({ isError: false }) });
    const received = h.view(web).items.filter((i) => i.type === 'team-message');
    expect(received).toEqual([
      expect.objectContaining({ direction: 'received', via: 'turn', from: { id: api, name: 'api-server' }, text: 'Please add GET /health returning 200.' }),
    ]);
    expect(h.view(web).items.filter((i) => i.type === 'user')).toEqual([]);
    expect(h.view(web).items.some((i) => i.type === 'assistant')).toBe(true);
    expect(h.team!.state().messages).toEqual([expect.objectContaining({ to: [expect.objectContaining({ id: web, state: 'delivered' })] })]);
    // The CLI lists the team server as connected with all its tools.
    const status = await h.mcpStatus(web);
    expect(status).toEqual([expect.objectContaining({ name: 'clide-team', status: 'connected' })]);
    expect(status[0]!.tools).toEqual(
      expect.arrayContaining(['list_team', 'send_message', 'read_inbox', 'create_task', 'list_tasks', 'claim_task', 'update_task', 'complete_task']),
    );
  });

  it('a task created in one session is claimed and completed in the other; "Always allow" covers later calls', async () => {
    const { h, api, web, prompts, sb } = await openTeam((who, req) => {
      const results = toolResultText(req.body);
      if (who === 'api') {
        if (lastToolResults(req.body).length === 0)
          return toolUse(team('create_task'), { title: 'Write the health test', description: 'GET /health returns 200' });
        return text('Created it.');
      }
      if (lastToolResults(req.body).length === 0) return toolUse(team('list_tasks'), {});
      if (results.includes('T1 [open]')) return toolUse(team('claim_task'), { id: 'T1' });
      if (results.includes('T1 is yours now')) return toolUse(team('complete_task'), { id: 'T1', note: 'Added test/health.test.ts' });
      if (results.includes('T1 is done')) return toolUse(team('list_tasks'), { status: 'all' });
      return text('Done with T1.');
    });
    h.send(api, 'Put the health test on the board.');
    await waitFor(() => h.view(api).lastResult, 'api turn');
    expect(h.team!.state().tasks).toEqual([expect.objectContaining({ id: 'T1', status: 'open', createdBy: { id: api, name: 'api-server' } })]);
    h.send(web, 'Take a task from the board.');
    await waitFor(() => h.view(web).lastResult, 'web turn');
    expect(h.team!.state().tasks).toEqual([
      expect.objectContaining({
        id: 'T1',
        status: 'done',
        assignee: { id: web, name: 'web-ui' },
        note: 'Added test/health.test.ts',
        updatedBy: { id: web, name: 'web-ui' },
      }),
    ]);
    const lastWeb = sb.api.turns().at(-1)!;
    expect(toolResultText(lastWeb.body)).toContain('T1 [done] Write the health test (assigned to \\"web-ui\\"; created by \\"api-server\\")');
    // One prompt per tool and session: list_tasks ran twice in web-ui but was asked about once.
    expect(prompts).toEqual([
      { session: 'api', tool: team('create_task') },
      { session: 'web', tool: team('list_tasks') },
      { session: 'web', tool: team('claim_task') },
      { session: 'web', tool: team('complete_task') },
    ]);
  });

  it('the loop guard holds two sessions that answer each other, until the person lets messages through', async () => {
    const other: Record<Who, string> = { api: 'web-ui', web: 'api-server' };
    const { h, api, web, sb } = await openTeam(
      (who, req) => {
        if (lastToolResults(req.body).length > 0) return text('Replied.');
        // Every message gets an answer: a runaway conversation.
        return toolUse(team('send_message'), { to: other[who], text: `ping from ${who}` });
      },
      // A long window: on a loaded machine the rounds may take more than a minute.
      { capPerMinute: 2, capWindowMs: 30 * 60_000 },
    );
    h.send(api, 'Start talking to web-ui.');
    // web-ui gets 2 deliveries, api-server 2; api-server's third message to web-ui is held.
    const held = await waitFor(() => h.team!.state().members.find((m) => m.id === web && m.hold?.reason === 'cap'), 'web-ui held by the loop guard', 90_000);
    expect(held).toMatchObject({ waiting: 1, recentDeliveries: 2 });
    await waitFor(() => isIdleStatus(h.view(api).status) && isIdleStatus(h.view(web).status), 'both idle');
    const turnsWhenHeld = sb.api.turns().length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(sb.api.turns().length, 'no turn ran while the messages were held').toBe(turnsWhenHeld);
    const delivered = (id: string) => h.view(id).items.filter((i) => i.type === 'team-message' && i.direction === 'received').length;
    expect(delivered(web)).toBe(2);
    expect(delivered(api)).toBe(2);
    const lastSent = h
      .view(api)
      .items.filter((i) => i.type === 'team-message' && i.direction === 'sent')
      .at(-1);
    expect(lastSent).toMatchObject({ to: [{ name: 'web-ui', state: 'held' }] });

    // The person lets web-ui's message through: it runs, answers, and now api-server is capped.
    h.team!.release(web);
    await waitFor(() => h.team!.state().members.find((m) => m.id === api && m.hold?.reason === 'cap'), 'api-server held by the loop guard', 90_000);
    expect(delivered(web)).toBe(3);
    expect(delivered(api)).toBe(2);
  });

  it("a message cannot answer the other session's permission prompt: it waits until the person has answered", async () => {
    const { h, api, web, sb } = await openTeam((who, req) => {
      if (who === 'api')
        return lastToolResults(req.body).length === 0
          ? toolUse(team('send_message'), { to: 'web-ui', text: 'Yes, allow the write. Approved.' })
          : text('Told it.');
      if (lastUserText(req.body).includes('[clide-team]')) return text('Noted the message.');
      return lastToolResults(req.body).length === 0 ? toolUse('Write', { file_path: 'notes.txt', content: 'x\n' }) : text('Could not write.');
    });
    h.send(web, 'Write notes.txt');
    const prompt = await waitFor(() => h.view(web).pending[0], 'web-ui asks to write');
    expect(prompt.toolName).toBe('Write');
    const requestsBefore = sb.api.turns().length;
    h.send(api, 'Tell web-ui it may write.');
    await waitFor(() => h.view(api).lastResult, 'api turn');
    await new Promise((r) => setTimeout(r, 500));
    // The prompt is still the person's to answer; the message waits and nothing reached web-ui's model.
    expect(h.view(web).pending.map((p) => p.requestId)).toEqual([prompt.requestId]);
    expect(h.view(web).status).toBe('waiting');
    expect(h.team!.state().members.find((m) => m.id === web)).toMatchObject({ waiting: 1 });
    expect(sb.api.turns().length).toBe(requestsBefore + 2); // api-server's two requests only
    expect(fs.existsSync(path.join(h.view(web).cwd, 'notes.txt'))).toBe(false);
    // The person denies; the turn ends; then the message arrives as a turn of its own.
    h.respond(web, prompt.requestId, { behavior: 'deny', message: 'Not now.' });
    await waitFor(() => h.view(web).items.some((i) => i.type === 'team-message' && i.direction === 'received'), 'the message after the prompt');
    await waitFor(() => h.view(web).status === 'ready' && h.view(web).lastResult?.text === 'Noted the message.', 'the delivered turn');
    expect(toolOf(h.view(web), prompt.toolUseId!)?.permission).toBe('denied');
    expect(fs.existsSync(path.join(h.view(web).cwd, 'notes.txt'))).toBe(false);
  });

  it('an mcp_message for a method the server does not know gets a JSON-RPC error on the live control channel', async () => {
    // The CLI never sends one on its own (the server offers only tools), so the request is put
    // into the live session's stdout path as the CLI would frame it; the reply goes back to it.
    const { h, api } = await openTeam((_who, req) => (lastToolResults(req.body).length === 0 ? text('Still here.') : undefined));
    const conn = h.list().find((s) => s.id === api)!.connection!;
    const writes: string[] = [];
    const write = conn.transport.write.bind(conn.transport);
    conn.transport.write = (data: string) => {
      writes.push(data);
      return write(data);
    };
    const pipeline = (conn as unknown as { pipeline: { ingest(lines: string[]): void } }).pipeline;
    pipeline.ingest([
      JSON.stringify({
        type: 'control_request',
        request_id: 'probe-1',
        request: { subtype: 'mcp_message', server_name: 'clide-team', message: { jsonrpc: '2.0', id: 41, method: 'resources/list', params: {} } },
      }),
    ]);
    const reply = await waitFor(
      () => writes.map((w) => JSON.parse(w) as Record<string, unknown>).find((m) => JSON.stringify(m).includes('probe-1')),
      'the reply',
    );
    expect(reply).toEqual({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: 'probe-1',
        response: { mcp_response: { jsonrpc: '2.0', id: 41, error: { code: -32601, message: 'Method not found: resources/list' } } },
      },
    });
    // The session carries on.
    h.send(api, 'Still there?');
    await waitFor(() => h.view(api).lastResult, 'a normal turn after the probe');
    expect(h.view(api).lastResult?.isError).toBe(false);
  });
});
