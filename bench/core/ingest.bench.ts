// bench-figures: C1 C2 C3
// C1-C3: stdout bytes through the real wire pipeline (line framer -> JSON.parse -> zod ->
// normalizer -> app events), against JSON.parse of the same lines.
import { ProtocolPipeline } from '../../electron/core/protocol/pipeline';
import { alternate, log, report, wanted } from './lib';
import { bigMix, chunked, smallMix } from './corpus';

function pipelineRun(chunks: readonly Buffer[]): () => void {
  return () => {
    let events = 0;
    const p = new ProtocolPipeline({ write: () => {} }, { onEvents: (e) => (events += e.length), onAsk: () => {}, onWithdrawn: () => {} });
    for (const c of chunks) p.push(c);
    p.end();
    if (events === 0) throw new Error('the pipeline produced no events');
  };
}

function parseRun(lines: readonly string[]): () => void {
  return () => {
    let n = 0;
    for (const l of lines) if (JSON.parse(l)) n++;
    if (n !== lines.length) throw new Error('parse failed');
  };
}

const KiB = 1024;

if (wanted('C1')) {
  const lines = smallMix(24 * 1024 * KiB);
  const t = alternate(9, { pipeline: pipelineRun(chunked(lines, 64 * KiB)), parse: parseRun(lines) });
  log(`C1: ${lines.length} recorded lines (${(lines.reduce((a, l) => a + l.length, 0) / 1e6).toFixed(1)} MB)`);
  report({
    name: 'C1',
    value: t.pipeline!,
    baseline: t.parse!,
    target: 1.5,
    unit: 'ms',
    note: 'recorded small-delta mix, 64 KiB chunks vs JSON.parse of the lines',
  });
}

if (wanted('C2', 'C3')) {
  const lines = bigMix();
  const t = alternate(7, { chunk64: pipelineRun(chunked(lines, 64 * KiB)), chunk4: pipelineRun(chunked(lines, 4 * KiB)), parse: parseRun(lines) });
  if (wanted('C2'))
    report({ name: 'C2', value: t.chunk64!, baseline: t.parse!, target: 2.0, unit: 'ms', note: '1 MB and 4 MB tool results, 64 KiB chunks vs JSON.parse' });
  if (wanted('C3'))
    report({ name: 'C3', value: t.chunk4!, baseline: t.chunk64!, target: 1.1, unit: 'ms', note: 'the C2 stream in 4 KiB chunks vs 64 KiB chunks' });
}
