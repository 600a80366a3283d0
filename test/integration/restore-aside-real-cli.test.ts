// A side question (Ask aside, /btw) still on its way when clide quits is not lost: the next run
// shows it again and asks it of the restored tab's claude, with the earlier answer before it,
// and its answer arrives there. The real CLI, a real host restart, the loopback fake API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sideQuestionText, text, type FakeReply, type RecordedRequest } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { restartHosts } from '../support/restart-hosts';
import { waitFor } from '../support/wait';

let sandbox: CliSandbox | undefined;
let dataDir: string | undefined;
// Cleared before each test: a test that fails before setting them leaves nothing of another's.
beforeEach(() => {
  sandbox = undefined;
  dataDir = undefined;
});
const { newHost, drop } = restartHosts(() => ({ sandbox, dataDir }));

describe('a side question across a restart', () => {
  it('one still waiting for its answer when clide quits is asked again in the next run and answered', async () => {
    sandbox = await cliSandbox([text('Done.')]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-restore-aside-'));
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    // The first side question is answered; the second is held open past the quit, and asked again after.
    sandbox.api.scriptSide((_req: RecordedRequest, i: number): FakeReply => {
      if (i === 0) return text('Forty-two.');
      if (i === 1) return { ...text('never arrives'), hold };
      return text(`Answered after the restart: ${sideQuestionText(_req.body)}`);
    });
    const a = newHost();
    const { id } = a.create({});
    a.send(id, 'Start');
    await waitFor(() => a.view(id).status === 'ready' && a.view(id).lastResult, 'the first turn', 60_000);
    a.ask(id, 'What is the answer?');
    await waitFor(() => a.view(id).asides?.[0]?.state === 'answered', 'the first side answer', 60_000);
    const { asideId } = a.ask(id, 'And why?');
    await waitFor(() => sandbox!.api.sideQuestions().length === 2, 'the second side question reached the API', 60_000);
    const file = path.join(dataDir, 'sessions.json');
    const saved = () => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { tabs: Array<{ asides?: Array<{ state: string }> }> }).tabs : []);
    await waitFor(() => saved()[0]?.asides?.length === 2, 'both side questions in sessions.json', 10_000);
    await a.shutdown();
    drop(a);
    release();

    const b = newHost();
    await b.continuity.restore();
    const [r] = b.list().map((s) => s.id) as [string];
    const answered = await waitFor(
      () => {
        const x = b.view(r).asides?.find((s) => s.id === asideId);
        return x?.state === 'answered' ? x : undefined;
      },
      'the waiting side question answered in the next run',
      60_000,
    );
    expect(answered).toMatchObject({ question: 'And why?', answer: 'Answered after the restart: And why?' });
    expect(b.view(r).asides?.[0]).toMatchObject({ state: 'answered', answer: 'Forty-two.' });
    // Asked again with the earlier exchange, so it is understood as the follow-up it was.
    const again = sandbox.api.sideQuestions().at(-1)!;
    expect(JSON.stringify(again.body.messages)).toContain('Forty-two.');
  });
});
