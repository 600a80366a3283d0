// Repeated strings of an arriving batch are made one string each (lib/transcript/share-strings.ts):
// nothing a reader sees changes, and the copies are freed. The copies are measured on the heap:
// a JSON text parsed gives each occurrence a string of its own, as the window's socket does.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/ipc';
import { emptySession, toolCalls, toolOf, type SessionView, type ToolCall, type ToolState } from '../../../shared/transcript';
import { shareStrings, shareViews } from '../../../renderer/src/lib/transcript/share-strings';
import { searchInfo } from '../../../renderer/src/lib/tools/tool-results';
import { hasFastProperties, sameString } from '../../support/v8-natives';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A tool call and what became of it, as a reply of its own (the way the reducer holds it). */
function addCall(view: SessionView, id: string, name: string, input: Record<string, unknown>, state: ToolState): void {
  const tool: ToolCall = { id, name, input, ...state };
  view.items.push({ type: 'assistant', id: `a-${id}`, at: view.items.length, block: { type: 'tool_use', text: '', streaming: false, tool } });
}

/** The tool calls of the session a batch creates, by id. */
function callsIn(batch: AppEvent[]): Record<string, ToolCall> {
  const view = (batch[0] as Extract<AppEvent, { type: 'session-created' }>).session.view;
  return Object.fromEntries(toolCalls(view).map((t) => [t.id, t]));
}

/** A session whose Bash calls repeat their output in the structured result, as the CLI's do. */
function bashSession(calls: number, outputChars: number): SessionView {
  const view = emptySession('s1', '/w', 0);
  for (let i = 0; i < calls; i++) {
    const out = `${i} ${'output line\n'.repeat(outputChars / 12)}`;
    addCall(
      view,
      `t${i}`,
      'Bash',
      { command: `make ${i}` },
      {
        permission: 'allowed',
        result: { content: out, isError: false, structured: { stdout: out, stderr: '', interrupted: false } },
      },
    );
  }
  return view;
}

/** `count` injected context entries, all with the same text of `chars` characters. */
function withContext(view: SessionView, count: number, chars: number): SessionView {
  for (let i = 0; i < count; i++) {
    view.items.push({
      type: 'context',
      id: `c${i}`,
      source: 'skill',
      label: 'Skill: conventions',
      text: 'Base directory for this skill: /s\n'.repeat(chars / 34),
      at: i,
    });
  }
  return view;
}

const created = (view: SessionView): AppEvent[] => [{ type: 'session-created', session: { id: view.id, view } }];

describe('shareStrings', () => {
  it('changes no value anywhere in the batch (a file list that repeats its text aside)', () => {
    const view = withContext(bashSession(20, 1200), 5, 300);
    const t3 = toolOf(view, 't3')!.result!;
    t3.structured = { nested: [{ same: t3.content, n: 3, none: null }], command: 'make 3' };
    const batch = JSON.parse(JSON.stringify(created(view))) as AppEvent[];
    const events: AppEvent[] = [
      {
        type: 'session-events',
        id: 's1',
        events: [{ kind: 'tool-result', toolUseId: 't9', content: 'abc'.repeat(20), isError: false, structured: { stdout: 'abc'.repeat(20) } }],
      },
    ];
    expect(shareStrings(batch)).toBe(batch);
    expect(batch).toEqual(created(view));
    const copy = JSON.parse(JSON.stringify(events)) as AppEvent[];
    shareStrings(copy);
    expect(copy).toEqual(events);
  });

  it('leaves frozen objects as they are', () => {
    const view = bashSession(2, 120);
    Object.freeze(toolOf(view, 't0')!.result!.structured);
    expect(() => shareStrings(created(view))).not.toThrow();
  });

  it("frees a tool's structured copy of its output, in a session and in a snapshot", () => {
    const calls = 200;
    const chars = 40_000;
    const text = JSON.stringify(created(bashSession(calls, chars)));
    for (const share of [
      (b: AppEvent[]) => shareStrings(b),
      (b: AppEvent[]) => shareViews(b.map((e) => (e.type === 'session-created' ? e.session.view : emptySession('x', '/', 0)))),
    ]) {
      const batch = JSON.parse(text) as AppEvent[];
      const copies = heapAfterGc();
      share(batch);
      const shared = heapAfterGc();
      // Each call's output was held twice; now once: about calls × chars bytes fewer.
      expect(copies - shared).toBeGreaterThan(calls * chars * 0.7);
      expect(batch.length).toBe(1); // held until here, so the heap readings see it
    }
  });

  it("drops a search's file list that is its text result again, and the card shows the same", () => {
    const view = emptySession('s1', '/w', 0);
    const files = ['src/a.ts', 'src/b.ts', 'src/c.ts'];
    addCall(
      view,
      'same',
      'Grep',
      { pattern: 'x' },
      {
        result: { content: files.join('\n'), isError: false, structured: { mode: 'files_with_matches', filenames: files, numFiles: 3 } },
      },
    );
    addCall(
      view,
      'other',
      'Grep',
      { pattern: 'x' },
      {
        result: { content: `Found 3 files\n${files.join('\n')}`, isError: false, structured: { mode: 'files_with_matches', filenames: files, numFiles: 3 } },
      },
    );
    const before = Object.fromEntries(toolCalls(view).map((t) => [t.id, searchInfo('Grep', t.result!.structured).results ?? t.result!.content]));
    const batch = JSON.parse(JSON.stringify(created(view))) as AppEvent[];
    shareStrings(batch);
    const tools = callsIn(batch);
    expect(tools.same!.result!.structured).toEqual({ mode: 'files_with_matches', numFiles: 3 });
    expect(tools.other!.result!.structured).toEqual({ mode: 'files_with_matches', filenames: files, numFiles: 3 });
    for (const [id, t] of Object.entries(tools)) expect(searchInfo('Grep', t.result!.structured).results ?? t.result!.content).toBe(before[id]);
    expect(searchInfo('Grep', tools.same!.result!.structured).countLabel).toBe('3 files');
  });

  it('keeps a search result whose file list is dropped a plain object, not a hash table', () => {
    const files = ['src/a.ts', 'src/b.ts'];
    const view = emptySession('s1', '/w', 0);
    addCall(
      view,
      't',
      'Grep',
      { pattern: 'x' },
      {
        result: { content: files.join('\n'), isError: false, structured: { mode: 'files_with_matches', filenames: files, numFiles: 2 } },
      },
    );
    const batch = JSON.parse(JSON.stringify(created(view))) as AppEvent[];
    shareStrings(batch);
    const structured = callsIn(batch).t!.result!.structured as object;
    expect(structured).toEqual({ mode: 'files_with_matches', numFiles: 2 });
    expect(hasFastProperties(structured)).toBe(true);
  });

  it('makes each entry again as an object of its own fields (a frozen one is left as it is)', () => {
    // In Chromium, JSON.parse gives every entry after the first of six fields (a notice) room
    // for six; a copy made by spreading has the room its own fields need (R13 measures it).
    const view = emptySession('s1', '/w', 0);
    for (let i = 0; i < 50; i++)
      view.items.push(
        i % 10 === 0
          ? { type: 'notice', id: `n${i}`, level: 'info', code: 'note', text: `note ${i}`, at: i }
          : { type: 'user', id: `u${i}`, text: `message ${i}`, at: i },
      );
    const batch = JSON.parse(JSON.stringify(created(view))) as AppEvent[];
    const items = (batch[0] as Extract<AppEvent, { type: 'session-created' }>).session.view.items;
    const parsed = items.slice();
    Object.freeze(items[7]);
    shareStrings(batch);
    expect(batch).toEqual(created(view));
    items.forEach((item, i) => {
      if (i === 7) expect(item).toBe(parsed[i]);
      else expect(item).not.toBe(parsed[i]);
      expect(hasFastProperties(item)).toBe(true);
    });
  });

  it('shares the text of injected context that repeats across the session', () => {
    const batch = JSON.parse(JSON.stringify(created(withContext(emptySession('s1', '/w', 0), 20, 3000)))) as AppEvent[];
    const texts = () => (batch[0] as Extract<AppEvent, { type: 'session-created' }>).session.view.items.map((i) => (i as { text: string }).text);
    const first = texts()[0]!;
    expect(texts().filter((t) => sameString(t, first))).toHaveLength(1);
    shareStrings(batch);
    expect(texts().filter((t) => sameString(t, first))).toHaveLength(20);
  });
});
