// Forks and checkpoints against the real CLI: "Fork from here" starts a new session holding the
// conversation up to just before a message (whose text comes back to edit), and "Rewind files
// to here" restores files, both in a live session and in one resumed from history.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from '../../shared/transcript';
import { lastUserText, text, toolUse, type FakeReply, type RecordedRequest } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();

/** The person's latest prompt in a request (tool results come after it within a turn). */
function prompt(req: RecordedRequest): string {
  for (const m of [...req.body.messages].reverse()) {
    if (m.role !== 'user') continue;
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Array<{ type: string; text?: string }>);
    const text = blocks
      .filter((b) => b.type === 'text' && b.text && !b.text.startsWith('<system-reminder>'))
      .map((b) => b.text)
      .join('\n');
    if (text.trim()) return text;
  }
  return '';
}

function reply(req: RecordedRequest): FakeReply {
  const last = prompt(req);
  const results = JSON.stringify(req.body.messages.at(-1)?.content ?? '');
  if (last.includes('write the note'))
    return results.includes('tool_result') ? text('Written v1.') : toolUse('Write', { file_path: 'notes.txt', content: 'v1\n' });
  if (last.includes('edit the note'))
    return results.includes('tool_result') ? text('Edited to v2.') : toolUse('Edit', { file_path: 'notes.txt', old_string: 'v1', new_string: 'v2' });
  return text(`answer to: ${last.slice(0, 40)}`);
}

const users = (items: TranscriptItem[]) => items.filter((i): i is Extract<TranscriptItem, { type: 'user' }> => i.type === 'user');

describe('fork and rewind with the real CLI', () => {
  it('forks before a message, rewinds files live and after a resume', async () => {
    const { sandbox, host: h } = await onRealCli((req) => reply(req));
    const note = path.join(sandbox.cwd, 'notes.txt');
    const { id } = h.create({ permissionMode: 'acceptEdits' });
    h.send(id, 'Please write the note');
    await waitFor(() => h.view(id).lastResult && h.view(id).status === 'ready', 'first turn');
    h.send(id, 'Now edit the note');
    await waitFor(() => fs.readFileSync(note, 'utf8') === 'v2\n' && h.view(id).status === 'ready' && users(h.view(id).items).length === 2, 'second turn');
    const sid = h.view(id).info.claudeSessionId!;
    const [first, second] = users(h.view(id).items) as [Extract<TranscriptItem, { type: 'user' }>, Extract<TranscriptItem, { type: 'user' }>];

    // Fork from the second message: the new tab holds the first exchange and the second prompt as a draft.
    const fork = await h.continuity.fork(id, second.id);
    expect(fork.draft).toBe('Now edit the note');
    expect(fork.id).not.toBe(id);
    expect(h.continuity.drafts()[fork.id]).toBe('Now edit the note');
    // The fork starts its process with its first message.
    await waitFor(() => h.view(fork.id).status === 'not-started' && h.view(fork.id).items.some((i) => i.type === 'assistant'), 'fork shown');
    expect(users(h.view(fork.id).items).map((u) => u.text)).toEqual(['Please write the note']);
    const forkSid = h.view(fork.id).info.claudeSessionId!;
    expect(forkSid).toBeTruthy();
    expect(forkSid).not.toBe(sid);
    const before = sandbox.api.turns().length;
    h.send(fork.id, 'Something else instead');
    await waitFor(() => h.view(fork.id).lastResult, 'fork reply');
    const sent = JSON.stringify(
      sandbox.api
        .turns()
        .slice(before)
        .find((t) => lastUserText(t.body).includes('Something else'))!.body.messages,
    );
    expect(sent).toContain('Please write the note');
    expect(sent).toContain('Written v1.');
    expect(sent).not.toContain('Now edit the note');
    expect(h.view(fork.id).info.claudeSessionId).toBe(forkSid);
    // The original is untouched, and opening it again goes to its tab, not the fork's.
    expect(h.create({ resume: sid }).id).toBe(id);

    // Forking at the very first message keeps nothing: a new session in the same folder.
    const fresh = await h.continuity.fork(id, first.id);
    expect(fresh.draft).toBe('Please write the note');
    expect(h.list().find((s) => s.id === fresh.id)!.sessionId).toBeUndefined();

    // Rewind, live: a dry run lists the file, the real one restores it.
    const dry = await h.rewindFiles(id, second.id, true);
    expect(dry.canRewind).toBe(true);
    expect(dry.filesChanged).toEqual([note]);
    expect(fs.readFileSync(note, 'utf8')).toBe('v2\n');
    await h.rewindFiles(id, second.id);
    expect(fs.readFileSync(note, 'utf8')).toBe('v1\n');

    // After closing and resuming from history, the loaded messages' ids still name checkpoints.
    await h.close(id);
    const resumed = h.create({ resume: sid, cwd: sandbox.cwd });
    await waitFor(() => h.view(resumed.id).status === 'not-started' && users(h.view(resumed.id).items).length === 2, 'resumed with history');
    // Rewinding needs the process: asking for it starts it (after the closed tab's has exited).
    const loadedFirst = users(h.view(resumed.id).items)[0]!;
    expect(loadedFirst.id).toBe(first.id);
    const dry2 = await h.rewindFiles(resumed.id, loadedFirst.id, true);
    expect(dry2).toMatchObject({ canRewind: true, filesChanged: [note] });
    await h.rewindFiles(resumed.id, loadedFirst.id);
    expect(fs.existsSync(note)).toBe(false);
  });
});
