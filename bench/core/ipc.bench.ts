// bench-figures: C4
// C4: the cost of the window's traffic while 3 sessions stream 200 deltas a second each:
// events batched per frame (electron/core/event-batcher.ts) and serialised as the browser host
// sends them, against JSON.parse of the same events; and how many messages a window gets a
// second, from the batcher running in real time.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EventBatcher, FRAME_MS } from '../../electron/core/event-batcher';
import { ProtocolPipeline } from '../../electron/core/protocol/pipeline';
import type { SessionEvent } from '../../shared/events';
import type { AppEvent } from '../../shared/ipc';
import { chunked, recordedLines } from './corpus';
import { alternate, log, report, wanted } from './lib';

const SESSIONS = ['session-a', 'session-b', 'session-c'];
const RATE = 200;

/** Real delta events: the recorded long-replies stream through the real pipeline. */
function recordedDeltas(): SessionEvent[] {
  const out: SessionEvent[] = [];
  const p = new ProtocolPipeline({ write: () => {} }, { onEvents: (e) => out.push(...e), onAsk: () => {}, onWithdrawn: () => {} });
  for (const c of chunked(recordedLines(path.join(process.cwd(), 'bench', 'core', 'streams'), ['long-replies.jsonl']), 64 * 1024)) p.push(c);
  return out.filter((e) => e.kind === 'block-delta');
}

/** The batcher in real time: deliveries a second a window receives. */
async function messagesPerSecond(deltas: SessionEvent[], seconds: number): Promise<number> {
  let messages = 0;
  const batcher = new EventBatcher(() => messages++);
  const started = performance.now();
  let i = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      for (; i < due; i++) for (const id of SESSIONS) batcher.push({ type: 'session-events', id, events: [deltas[i % deltas.length]!] });
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(timer);
        batcher.flush();
        resolve();
      }
    }, 5);
  });
  return messages / seconds;
}

if (wanted('C4')) {
  const deltas = recordedDeltas();
  const seconds = 5;
  // The same traffic as a schedule: each session's next delta every 5 ms, a frame every 16.7 ms.
  const arrivals: Array<{ at: number; event: AppEvent }> = [];
  for (let i = 0; i < seconds * RATE; i++)
    for (const id of SESSIONS) arrivals.push({ at: (i * 1000) / RATE, event: { type: 'session-events', id, events: [deltas[i % deltas.length]!] } });
  const asJson = arrivals.flatMap((a) => (a.event.type === 'session-events' ? a.event.events.map((e) => JSON.stringify(e)) : []));
  let bytes = 0;
  // Each sample repeats the 5 s of traffic REPEAT times: CPU time is accounted in ticks of a
  // few milliseconds, too coarse for one pass.
  const REPEAT = 20;
  const t = alternate(9, {
    // Batch per frame and serialise each batch, as the host does for a browser window.
    batch: () => {
      for (let r = 0; r < REPEAT; r++) {
        const batcher = new EventBatcher((b) => (bytes = JSON.stringify(b).length));
        let frameEnd = FRAME_MS;
        for (const a of arrivals) {
          if (a.at >= frameEnd) {
            batcher.flush();
            frameEnd += FRAME_MS;
          }
          batcher.push(a.event);
        }
        batcher.flush();
      }
    },
    parse: () => {
      for (let r = 0; r < REPEAT; r++) for (const s of asJson) JSON.parse(s);
    },
  });
  const perSecond = await messagesPerSecond(deltas, 3);
  log(
    `C4: ${asJson.length} events, ${Math.ceil((seconds * 1000) / FRAME_MS)} frames; ${perSecond.toFixed(1)} messages/s in real time; last batch ${bytes} bytes`,
  );
  report({
    name: 'C4',
    value: t.batch!,
    baseline: t.parse!,
    target: 2.0,
    unit: 'ms',
    met: t.batch! / t.parse! <= 2.0 && perSecond <= 60,
    note: `batching per frame + serialising vs JSON.parse of the same ${asJson.length} events; ${perSecond.toFixed(1)} messages/s per window (target <= 60)`,
  });
}
