// Search against reality: a session run by the pinned CLI writes its transcript, and the index
// (in its worker, in the host's data dir) finds a word of the reply, with progress pushed to
// windows as app events.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc';
import type { SearchHit, SearchProgress } from '../../shared/search';
import type { SessionHost } from '../../electron/core/host';
import { text, toolUse } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Search until the query has a hit (the index catches up in its worker meanwhile). */
async function firstHit(host: SessionHost, query: string): Promise<SearchHit> {
  const start = Date.now();
  for (;;) {
    const hit = (await host.searchHistory(query)).hits[0];
    if (hit) return hit;
    if (Date.now() - start > 60_000) throw new Error(`no hit for ${query} after 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('full-text search over sessions the real CLI wrote', () => {
  it('finds a word from the reply of a finished session and points at that message; a later turn is found too', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-search-data-'));
    const { sandbox, host } = await onRealCli([text('The capybara is the largest rodent.'), text('Yes, and it swims well.')], { dataDir });
    const progress: SearchProgress[] = [];
    host.subscribe((batch: AppEvent[]) => {
      for (const e of batch) if (e.type === 'search-progress') progress.push(e.progress);
    });
    host.search!.start();
    const { id } = host.create({});
    host.send(id, 'Tell me about a big rodent');
    await waitFor(() => host.view(id).lastResult, 'first result', 60_000);
    const sessionId = host.view(id).info.claudeSessionId!;
    const replyId = host.view(id).items.find((i) => i.type === 'assistant')?.id;
    expect(replyId).toBeTruthy();

    const hit = await firstHit(host, 'capybara');
    expect(hit).toMatchObject({
      sessionId,
      field: 'reply',
      target: { itemId: replyId },
      cwd: sandbox.cwd,
      title: 'Tell me about a big rodent',
      snippet: 'The capybara is the largest rodent.',
      ranges: [[4, 12]],
    });
    await waitFor(() => progress.some((p) => p.state === 'indexing' && p.filesTotal >= 1), 'indexing progress as an app event');

    // A second turn in the same session is found as well once its transcript is written.
    const firstResult = host.view(id).lastResult;
    host.send(id, 'Can it swim?');
    await waitFor(() => host.view(id).lastResult !== firstResult, 'second result', 60_000);
    expect(await firstHit(host, 'swims')).toMatchObject({ sessionId, field: 'reply', snippet: 'Yes, and it swims well.' });
    expect(fs.existsSync(path.join(dataDir, 'search-index.sqlite'))).toBe(true);
  });

  it('finds the words of a file Claude read, never its line numbers', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-search-data-'));
    const { sandbox, host } = await onRealCli([toolUse('Read', { file_path: 'list.txt' }), text('Read it.')], { dataDir });
    // 450 lines without a digit in them: "404" is only ever a line number the CLI writes.
    const lines = Array.from({ length: 450 }, (_, i) => (i === 399 ? 'the armadillo line' : 'a quiet line of the list'));
    fs.writeFileSync(path.join(sandbox.cwd, 'list.txt'), `${lines.join('\n')}\n`);
    host.search!.start();
    const { id } = host.create({ permissionMode: 'acceptEdits' });
    host.send(id, 'Read the list');
    await waitFor(() => host.view(id).lastResult, 'the result', 60_000);
    // The CLI numbers each line of what it read (the tool result, as the model sees it).
    expect(sandbox.api.turns()[1]?.body.messages.at(-1)?.content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'tool_result', content: expect.stringMatching(/^1\ta quiet line[^]*\n400\tthe armadillo line\n/) }),
      ]),
    );
    const hit = await firstHit(host, 'armadillo');
    expect(hit).toMatchObject({ field: 'tool-output', tool: 'Read' });
    expect(hit.snippet).toContain('a quiet line of the list the armadillo line a quiet line');
    expect((await host.searchHistory('404')).hits).toEqual([]);
  });
});
