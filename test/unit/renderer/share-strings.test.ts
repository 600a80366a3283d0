// Repeated strings of an arriving batch are made one string each (lib/transcript/share-strings.ts):
// nothing a reader sees changes, and the copies are freed. The copies are measured on the heap:
// a JSON text parsed gives each occurrence a string of its own, as the window's socket does.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/ipc';
import { emptySession, type SessionView } from '../../../shared/transcript';
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

/** A session whose Bash calls repeat their output in the structured result, as the CLI's do. */
function bashSession(calls: number, outputChars: number): SessionView {
  const view = emptySession('s1', '/w', 0);
  for (let i = 0; i < calls; i++) {
    const out = `${i} ${'output line\n'.repeat(outputChars / 12)}`;
    view.items.push({
      type: 'assistant',
      id: `a${i}`,
      at: i,
      blocks: [{ type: 'tool_use', text: '', streaming: false, tool: { id: `t${i}`, name: 'Bash', input: { command: `make ${i}` } } }],
    });
    view.tools[`t${i}`] = { permission: 'allowed', result: { content: out, isError: false, structured: { stdout: out, stderr: '', interrupted: false } } };
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
    view.tools.t3!.result!.structured = { nested: [{ same: view.tools.t3!.result!.content, n: 3, none: null }], command: 'make 3' };
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
    Object.freeze(view.tools.t0!.result!.structured);
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
    view.tools.same = { result: { content: files.join('\n'), isError: false, structured: { mode: 'files_with_matches', filenames: files, numFiles: 3 } } };
    view.tools.other = {
      result: { content: `Found 3 files\n${files.join('\n')}`, isError: false, structured: { mode: 'files_with_matches', filenames: files, numFiles: 3 } },
    };
    const before = Object.fromEntries(Object.entries(view.tools).map(([id, t]) => [id, searchInfo('Grep', t.result!.structured).results ?? t.result!.content]));
    const batch = JSON.parse(JSON.stringify(created(view))) as AppEvent[];
    shareStrings(batch);
    const tools = (batch[0] as Extract<AppEvent, { type: 'session-created' }>).session.view.tools;
    expect(tools.same!.result!.structured).toEqual({ mode: 'files_with_matches', numFiles: 3 });
    expect(tools.other!.result!.structured).toEqual({ mode: 'files_with_matches', filenames: files, numFiles: 3 });
    for (const [id, t] of Object.entries(tools)) expect(searchInfo('Grep', t.result!.structured).results ?? t.result!.content).toBe(before[id]);
    expect(searchInfo('Grep', tools.same!.result!.structured).countLabel).toBe('3 files');
  });

  it('keeps a search result whose file list is dropped a plain object, not a hash table', () => {
    const files = ['src/a.ts', 'src/b.ts'];
    const view = emptySession('s1', '/w', 0);
    view.tools.t = { result: { content: files.join('\n'), isError: false, structured: { mode: 'files_with_matches', filenames: files, numFiles: 2 } } };
    const batch = JSON.parse(JSON.stringify(created(view))) as AppEvent[];
    shareStrings(batch);
    const structured = (batch[0] as Extract<AppEvent, { type: 'session-created' }>).session.view.tools.t!.result!.structured as object;
    expect(structured).toEqual({ mode: 'files_with_matches', numFiles: 2 });
    expect(hasFastProperties(structured)).toBe(true);
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
