// Who is speaking, on the real pinned CLI: every user message clide writes carries an `origin`
// stamp (the Agent SDK's SDKMessageOrigin). The person's prompts (typed, steered into a running
// turn, queued) say `human`, and the CLI keeps that stamp in the transcript file it writes. A
// team delivery says `peer`, with the sender's session id and permission class; the pinned CLI
// honours a host's peer stamp only from Claude Desktop, so for clide it keeps none, and what the
// test can see of it is what reached the CLI's stdin and that the CLI did not record the
// delivery as the person's (no `human` stamp). A delivery shown again after a resume is a team
// card, never "You".
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionHost } from '../../electron/core/host';
import { projectSlug } from '../../electron/core/history';
import { isIdleStatus } from '../../shared/events';
import { readRecords, type TranscriptRecord } from '../../electron/core/protocol/transcript-file';
import { lastToolResults, lastUserText, text, toolUse, type MessagesBody, type Responder } from '../support/fake-api';
import type { CliSandbox } from '../support/real-cli';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();
const root = process.getuid?.() === 0;
const sendMessage = 'mcp__clide-team__send_message';

/** The user records of a session's transcript (the CLI writes it under the test's CLAUDE_CONFIG_DIR). */
async function userRecords(sb: CliSandbox, h: SessionHost, id: string): Promise<TranscriptRecord[]> {
  const sid = h.view(id).info.claudeSessionId;
  if (!sid) throw new Error('the session has no Claude session id yet');
  const file = path.join(sb.configDir, 'projects', projectSlug(h.view(id).cwd), `${sid}.jsonl`);
  const out: TranscriptRecord[] = [];
  for await (const r of readRecords(file)) if (r.type === 'user') out.push(r);
  return out;
}

/** The record whose message text is (or, for one the CLI kept as an attachment, contains) `text`. */
function stampOf(records: TranscriptRecord[], text: string): unknown {
  const r = records.find((x) => {
    const content = (x.message as { content?: unknown } | undefined)?.content;
    return typeof content === 'string' ? content === text : JSON.stringify(content ?? '').includes(JSON.stringify(text).slice(1, -1));
  });
  if (!r) throw new Error(`no user record with ${JSON.stringify(text)}; records: ${JSON.stringify(records).slice(0, 3000)}`);
  return r.origin;
}

/** Every user message clide writes to a session's CLI from now on, as parsed JSON. */
function recordWrites(h: SessionHost, id: string): Array<Record<string, unknown>> {
  const conn = h.list().find((s) => s.id === id)!.connection!;
  const seen: Array<Record<string, unknown>> = [];
  const write = conn.transport.write.bind(conn.transport);
  conn.transport.write = (data: string) => {
    for (const line of data.split('\n').filter(Boolean)) {
      const m = JSON.parse(line) as Record<string, unknown>;
      if (m['type'] === 'user') seen.push(m);
    }
    return write(data);
  };
  return seen;
}

type Who = 'api' | 'web';

/** Two sessions in one host with the team on: api-server and web-ui, each scripted by `script`. */
async function openTeam(script: (who: Who, body: MessagesBody) => ReturnType<Responder>, env: NodeJS.ProcessEnv = {}) {
  const dirs: Record<Who, string> = { api: '', web: '' };
  const whoSent = (body: MessagesBody): Who => (JSON.stringify(body).includes(`Primary working directory: ${dirs.web}`) ? 'web' : 'api');
  const { sandbox: sb, host: h } = await onRealCli((req) => script(whoSent(req.body), req.body), { team: {}, env });
  dirs.api = path.join(sb.cwd, 'api-server');
  dirs.web = path.join(sb.cwd, 'web-ui');
  fs.mkdirSync(dirs.api);
  fs.mkdirSync(dirs.web);
  const api = h.create({ cwd: dirs.api }).id;
  const web = h.create({ cwd: dirs.web }).id;
  // The first starts at once (nothing is cached yet); the other is started here (asking for its
  // context starts it), since the tests watch what is written to both processes.
  await waitFor(() => [api, web].every((id) => isIdleStatus(h.view(id).status) && h.view(id).info.models), 'both sessions idle', 60_000);
  await Promise.all([api, web].map((id) => h.getContextUsage(id)));
  await waitFor(() => h.view(api).status === 'ready' && h.view(web).status === 'ready', 'both sessions ready', 60_000);
  // Plays the person: allows the team tool when the CLI asks (it does outside bypass).
  const timer = setInterval(() => {
    // (A tick after the host shut down finds no sessions and does nothing.)
    if (!h.list().some((s) => s.id === api || s.id === web)) return;
    for (const id of [api, web]) {
      for (const p of h.view(id).pending) {
        try {
          if (p.toolName === sendMessage) h.respond(id, p.requestId, { behavior: 'allow' });
        } catch {
          // Answered on an earlier tick.
        }
      }
    }
  }, 25);
  return { h, sb, api, web, dirs, stop: () => clearInterval(timer) };
}

describe('who is speaking, on the real CLI', () => {
  it("the person's typed, steered and queued prompts reach the CLI stamped human, and its transcript keeps the stamp", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { sandbox: sb, host: h } = await onRealCli((req, i) =>
      i === 0 ? { ...text('Working on it.'), hold: held } : text(`Answer to: ${lastUserText(req.body)}`),
    );
    const { id } = h.create({});
    await waitFor(() => h.view(id).status === 'ready', 'ready', 60_000);
    const written = recordWrites(h, id);
    h.send(id, 'Typed by the person');
    await waitFor(() => sb.api.turns().length === 1, 'the first request');
    // While the reply is held open, one message steers into the turn and one waits in the queue.
    h.send(id, 'Steered into the turn');
    expect(h.send(id, 'Queued for later', [], true).queued).toEqual(expect.any(String));
    release();
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult?.text?.includes('Queued for later'), 'the queued turn to end', 60_000);

    expect(written.map((m) => [(m['message'] as { content: unknown }).content, m['origin']])).toEqual([
      ['Typed by the person', { kind: 'human' }],
      ['Steered into the turn', { kind: 'human' }],
      ['Queued for later', { kind: 'human' }],
    ]);
    const records = await userRecords(sb, h, id);
    for (const said of ['Typed by the person', 'Steered into the turn', 'Queued for later']) expect(stampOf(records, said), said).toEqual({ kind: 'human' });
  });

  it('a team delivery reaches the CLI as the sender\'s (a peer, prompting), is not recorded as the person\'s, and after a resume is a team card, not "You"', async () => {
    const { h, sb, api, web, dirs, stop } = await openTeam((who, body) => {
      if (who === 'api')
        return lastToolResults(body).length === 0 ? toolUse(sendMessage, { to: 'web-ui', text: 'Please add GET /health.' }) : text('Asked web-ui.');
      return text(lastUserText(body).includes('[clide-team]') ? 'I will add the route.' : '?');
    });
    const toWeb = recordWrites(h, web);
    h.send(api, 'Ask web-ui for a health route.');
    await waitFor(() => h.view(web).lastResult?.text === 'I will add the route.', 'the delivered turn in web-ui', 60_000);
    stop();

    // What clide wrote on web-ui's stdin: the sender's words, stamped as that session's.
    expect(toWeb).toHaveLength(1);
    const delivered = (toWeb[0]!['message'] as { content: string }).content;
    expect(delivered.startsWith('[clide-team] A message from "api-server"')).toBe(true);
    expect(toWeb[0]!['origin']).toEqual({ kind: 'peer', from: api, fromMode: 'prompting' });
    // The CLI kept the person's own prompt as human, and the delivery not as human.
    expect(stampOf(await userRecords(sb, h, api), 'Ask web-ui for a health route.')).toEqual({ kind: 'human' });
    expect(stampOf(await userRecords(sb, h, web), delivered)).not.toEqual({ kind: 'human' });

    // web-ui closed and resumed from its transcript: the delivery is a team card again, never "You".
    const sid = h.view(web).info.claudeSessionId!;
    await h.close(web);
    const again = h.create({ cwd: dirs.web, resume: sid }).id;
    // (Shown from the transcript; its process starts with its next message.)
    await waitFor(() => isIdleStatus(h.view(again).status) && h.view(again).info.loadingEarlier === false, 'the resumed session', 60_000);
    const items = h.view(again).items;
    expect(items.filter((i) => i.type === 'user')).toEqual([]);
    expect(items.filter((i) => i.type === 'team-message')).toEqual([
      expect.objectContaining({ direction: 'received', from: { id: '', name: 'api-server' }, text: 'Please add GET /health.' }),
    ]);
    expect(items.some((i) => i.type === 'assistant')).toBe(true);
  });

  it("a sender in bypassPermissions is declared 'bypass' to the receiving CLI", async () => {
    // As root the CLI refuses bypass unless IS_SANDBOX=1 says this is a throwaway machine.
    const { h, api, web, stop } = await openTeam(
      (who, body) => {
        if (who === 'api') return lastToolResults(body).length === 0 ? toolUse(sendMessage, { to: 'web-ui', text: 'Run the tests.' }) : text('Asked.');
        return text('On it.');
      },
      root ? { IS_SANDBOX: '1' } : {},
    );
    await expect(h.setPermissionMode(api, 'bypassPermissions')).resolves.toBe('bypassPermissions');
    const toWeb = recordWrites(h, web);
    h.send(api, 'Ask web-ui to run the tests.');
    await waitFor(() => h.view(web).lastResult?.text === 'On it.', 'the delivered turn in web-ui', 60_000);
    stop();
    expect(toWeb.map((m) => m['origin'])).toEqual([{ kind: 'peer', from: api, fromMode: 'bypass' }]);
  });
});
