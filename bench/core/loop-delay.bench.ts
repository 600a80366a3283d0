// bench-figures: C5
// C5: event-loop delay (p99) of the main process while three sessions stream 200 deltas a
// second each and one of them delivers a 4 MB tool result, against the time of one JSON.parse
// of that 4 MB line. Real processes (the scripted fake CLI), real transport and pipeline, the
// host's batching, and every batch serialised as the browser host sends it.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { toolResultLine } from './corpus';
import { gc, log, median, report, wanted } from './lib';
import { liveHost, sleep, until } from './live';
import { toolCalls } from '../../shared/transcript';

if (wanted('C5')) {
  const live = liveHost();
  try {
    const ids = [await live.open('stream-200'), await live.open('stream-200'), await live.open('stream-200-big-result')];
    await sleep(300);
    gc();
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    for (const id of ids) live.host.send(id, 'go');
    await until(() => ids.every((id) => live.host.view(id).lastResult !== undefined), 'all turns done');
    h.disable();
    const got = toolCalls(live.host.view(ids[2]!)).find((t) => (t.result?.content.length ?? 0) > 4_000_000);
    if (!got) throw new Error('the 4 MB tool result did not arrive');
    const p99 = h.percentile(99) / 1e6;
    const max = h.max / 1e6;
    const line = toolResultLine(4 * 1024 * 1024, 'toolu_big', false);
    const parses: number[] = [];
    for (let r = 0; r < 7; r++) {
      gc();
      const t = performance.now();
      JSON.parse(line);
      parses.push(performance.now() - t);
    }
    log(`C5: p50 ${(h.percentile(50) / 1e6).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${max.toFixed(1)} ms over ${h.count} samples`);
    report({
      name: 'C5',
      value: p99,
      baseline: median(parses),
      target: 1.0,
      unit: 'ms',
      note: `event-loop delay p99 (max ${max.toFixed(1)} ms) vs one JSON.parse of the 4 MB line`,
    });
  } finally {
    await live.dispose();
  }
}
