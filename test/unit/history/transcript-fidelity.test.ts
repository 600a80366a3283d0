// A resumed session shows everything the CLI wrote, read from transcript files in the CLI's
// real formats (fixtures/transcripts/): subagents in both layouts nested under their Task
// card, injected records (task notifications, local command output, caveats) as context and
// never as prompts, pasted images, titles from a leading slash command, and a note for the
// record kinds clide does not know.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConversation } from '../../../electron/core/protocol/transcript-file';
import { summarizeTranscript } from '../../../electron/core/protocol/transcript-summary';
import { applyEvents, blocksOf, childrenOf, emptySession, type SessionView, toolOf } from '../../../shared/transcript';

const FIX = path.join(__dirname, '../../../fixtures/transcripts');
const SIDECHAIN = path.join(FIX, '1.0.58-sidechain/projects/-home-dev-app/7b3c9e21-5d4a-4f8e-9a1b-2c3d4e5f6a7b.jsonl');
const BACKGROUND = path.join(FIX, '2.1.332-background-agent/projects/-tmp-clide-fixture-work/305e9d32-7225-45f7-823c-2d7affbfa280.jsonl');
const NOTIFY = path.join(FIX, '2.1.332-notifications/projects/-home-dev-shop/4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a70.jsonl');

async function view(file: string): Promise<SessionView> {
  return applyEvents(emptySession('s', '/'), (await readConversation(file)).events);
}

/** What a subagent's card nests: its tool calls by name and its text, in order. */
function nested(v: SessionView, toolUseId: string): string[] {
  return childrenOf(v, toolUseId).flatMap((i) =>
    i.type === 'assistant' ? blocksOf(i).map((b) => (b.type === 'text' ? b.text : b.type === 'tool_use' ? `tool:${b.tool?.name}` : b.type)) : [i.type],
  );
}

const prompts = (v: SessionView) => v.items.flatMap((i) => (i.type === 'user' ? [i.text] : []));
const contexts = (v: SessionView) => v.items.flatMap((i) => (i.type === 'context' && !i.parentToolUseId ? [`${i.source}: ${i.label}`] : []));

describe('subagents on resume', () => {
  it('1.0.x: sidechain records in the session file nest under their Task card, without the prompt the card shows', async () => {
    const v = await view(SIDECHAIN);
    expect(nested(v, 'toolu_01Task')).toEqual([
      'tool:Grep',
      'The formatter lives in src/money/format-price.ts; totals.ts calls it with a hard-coded pangolin locale.',
    ]);
    expect(toolOf(v, 'toolu_01Grep')?.result?.content).toContain('src/cart/totals.ts');
    // None of them is shown in the main conversation or taken for the person's words.
    expect(prompts(v)).toEqual(['Why does the checkout page show the wrong currency symbol?']);
  });

  it('2.1.x: the subagent file beside the session nests under the Task its meta file names', async () => {
    const v = await view(BACKGROUND);
    expect(nested(v, 'toolu_fake_2')).toEqual(['The subagent found a quokka.']);
  });

  it('2.1.x without a meta file: tied by the agent id in the Task result; compaction files stay out', async () => {
    const { events } = await readConversation(NOTIFY);
    const v = applyEvents(emptySession('s', '/'), events);
    expect(nested(v, 'toolu_02Agent')).toEqual(['tool:Grep', 'Found 3 pangolin badges.']);
    expect(toolOf(v, 'toolu_02Grep')?.result?.content).toContain('src/header.tsx');
    expect(JSON.stringify(events)).not.toContain('wombat ledger');
  });

  it('a fork cut before the Task leaves its subagent out', async () => {
    const { events } = await readConversation(NOTIFY, { through: '30000000-0000-4000-8000-000000000005' });
    expect(JSON.stringify(events)).not.toContain('pangolin badges.');
  });
});

describe('injected records on resume', () => {
  it('task notifications, local command output and caveats are context, never prompts', async () => {
    const v = await view(NOTIFY);
    expect(prompts(v)).toEqual(['[Image #1] Why is the basket badge red in this screenshot?']);
    expect(contexts(v)).toEqual([
      'command: Command: /init',
      'command: Command: /model',
      'reminder: Command caveat',
      'local-command: Command output',
      'task: Background task completed: Agent "count the badges" finished',
    ]);
    expect(contexts(await view(BACKGROUND))).toContain('task: Background task completed: Agent "look around" finished');
    expect(contexts(await view(SIDECHAIN))).toContain('reminder: Command caveat');
  });

  it('the summary counts only the person’s prompts', async () => {
    const s = await summarizeTranscript(NOTIFY, 'x');
    expect(s.lastPrompt).toBe('[Image #1] Why is the basket badge red in this screenshot?');
  });
});

describe('images and unknown records on resume', () => {
  it('a pasted image is counted on its prompt, as a live prompt shows it', async () => {
    const v = await view(NOTIFY);
    expect(v.items.find((i) => i.type === 'user')).toMatchObject({ type: 'user', images: 1 });
  });

  it('records of a kind clide does not know are noted, not dropped silently', async () => {
    const v = await view(NOTIFY);
    const notes = v.items.flatMap((i) => (i.type === 'notice' && i.code === 'records-not-shown' ? [i.text] : []));
    expect(notes).toEqual(['Not shown: 2 records of type marble-origami-commit.']);
    // The CLI's own bookkeeping (requests, snapshots, costs, attachments) is known: no note.
    expect((await view(BACKGROUND)).items.some((i) => i.type === 'notice' && i.code === 'records-not-shown')).toBe(false);
  });
});

describe('titles from a leading slash command', () => {
  it('a session that starts with a command is titled from it and its arguments, until a better title is written', async () => {
    const line = (o: object) => JSON.stringify({ uuid: 'u', timestamp: '2026-11-20T14:00:00.000Z', ...o });
    const command = line({
      type: 'user',
      message: { role: 'user', content: '<command-name>/review</command-name>\n<command-message>review</command-message>\n<command-args>42</command-args>' },
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-title-'));
    try {
      const f = path.join(dir, 's.jsonl');
      fs.writeFileSync(f, command + '\n');
      expect((await summarizeTranscript(f, 's')).title).toBe('/review 42');
      // The first real prompt wins over the command, and the CLI's summary over both.
      fs.appendFileSync(f, line({ type: 'user', message: { role: 'user', content: 'Look at the flaky test' } }) + '\n');
      expect((await summarizeTranscript(f, 's')).title).toBe('Look at the flaky test');
      expect((await summarizeTranscript(SIDECHAIN, 's')).title).toBe('Checkout currency symbol fix');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
