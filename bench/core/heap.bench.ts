// bench-figures: C6
// C6: heap a session keeps after about 10,000 events including 50 MB of tool results, against
// the bytes of text it keeps for display; and the heap after closing it, against before.
import { blocksOf, toolCalls, type SessionView } from '../../shared/transcript';
import { gc, log, report, wanted } from './lib';
import { liveHost, sleep, until } from './live';

/** Bytes the strings shown to the person take: one per character, two if any is past U+00FF. */
function stringBytes(s: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(s) ? s.length * 2 : s.length;
}

function displayBytes(v: SessionView): number {
  let n = 0;
  const add = (s: string | undefined) => {
    if (s) n += stringBytes(s);
  };
  for (const item of v.items) {
    if (item.type === 'user' || item.type === 'context' || item.type === 'notice') add(item.text);
    else if (item.type === 'assistant') for (const b of blocksOf(item)) add(b.text);
  }
  for (const t of toolCalls(v)) add(t.result?.content);
  return n;
}

/** Heap in use once pending timers (the last frame's batch, exit handlers) have run. */
async function heap(): Promise<number> {
  await sleep(200);
  gc();
  return process.memoryUsage().heapUsed;
}

if (wanted('C6')) {
  const live = liveHost();
  try {
    // Warm up: load and compile everything a session uses, so it is not counted as retained.
    const warm = await live.open('heap-10k');
    await live.host.close(warm);
    const before = await heap();
    // Events as the window receives them: consecutive deltas of a block arrive joined.
    let events = 0;
    const unsubscribe = live.host.subscribe((batch) => {
      for (const b of batch) if (b.type === 'session-events') events += b.events.length;
    });
    const id = await live.open('heap-10k');
    live.host.send(id, 'go');
    await until(() => live.host.view(id).lastResult !== undefined, 'the session to finish', 120_000);
    unsubscribe();
    const after = await heap();
    const shown = displayBytes(live.host.view(id));
    await live.host.close(id);
    const closed = await heap();
    const retained = after - before;
    const leftover = (closed - before) / before;
    log(
      `C6: ${events} events; retained ${(retained / 1e6).toFixed(1)} MB for ${(shown / 1e6).toFixed(1)} MB of text; heap ${(before / 1e6).toFixed(1)} MB before, ${(closed / 1e6).toFixed(1)} MB after closing`,
    );
    report({
      name: 'C6',
      value: retained,
      baseline: shown,
      target: 1.5,
      unit: 'bytes',
      met: retained / shown <= 1.5 && leftover <= 0.1,
      note: `about 10,600 events from the CLI (${events} after batching); after closing the heap is ${(leftover * 100).toFixed(1)} % above before (target <= 10 %)`,
    });
  } finally {
    await live.dispose();
  }
}
