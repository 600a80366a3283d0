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
import { text } from '../support/fake-api';
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
});
