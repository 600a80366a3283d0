// The usage figures through the search worker (a thread of its own, as in the app): asked while
// the index is still being built, then again once it is done, and after a session grew.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SearchService } from '../../../electron/core/search/service';
import type { SearchProgress } from '../../../shared/search';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/transcripts');
let base: string | undefined;
let svc: SearchService | undefined;

afterEach(async () => {
  await svc?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

it('answers the figures from the worker, and new ones once a session wrote more', async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-usage-svc-'));
  const projects = path.join(base, 'projects');
  fs.cpSync(path.join(FIXTURES, '1.0.58-sidechain', 'projects'), projects, { recursive: true });
  let progress: SearchProgress | undefined;
  svc = new SearchService({ dir: path.join(base, 'data'), projectsDir: projects, refreshMs: 0, onProgress: (p) => (progress = p) });
  await svc.usage();
  for (let i = 0; i < 600 && !(progress?.state === 'idle' && progress.filesDone === 1); i++) await new Promise((r) => setTimeout(r, 50));
  const first = (await svc.usage()).usage;
  // Five responses, one of them written in three records.
  expect(first.totals.messages).toBe(5);
  expect(first.totals.output).toBe(5 * 56);
  expect(first.models.map((m) => m.model)).toEqual(['claude-sonnet-4-20250514']);
  expect(first.folders.map((f) => f.folder)).toEqual(['/home/dev/app']);

  const file = path.join(projects, '-home-dev-app', '7b3c9e21-5d4a-4f8e-9a1b-2c3d4e5f6a7b.jsonl');
  const more = {
    type: 'assistant',
    requestId: 'req_099',
    timestamp: '2025-07-22T10:00:00.000Z',
    message: { id: 'msg_more', model: 'claude-sonnet-4-20250514', usage: { input_tokens: 1, output_tokens: 1000 } },
  };
  fs.appendFileSync(file, `${JSON.stringify(more)}\n`);
  let after = first;
  for (let i = 0; i < 600 && after.totals.messages === 5; i++) {
    await new Promise((r) => setTimeout(r, 50));
    after = (await svc.usage()).usage;
  }
  expect(after.totals.output).toBe(5 * 56 + 1000);
  expect(after.days.map((d) => d.day)).toHaveLength(2);
});
