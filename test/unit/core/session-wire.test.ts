// Every way the CLI's output can go wrong on the wire (torn, oversized, malformed or unknown lines, early exit) through a real Session on the fake CLI: each
// is yielded, skipped with a log, or shown as a diagnostic; never a crash, never a silent loss;
// every inbound control request is answered exactly once (checked by FakeLab.finish).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLab, eventsOf, type Driven } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';
import { blocksOf, toolOf } from '../../../shared/transcript';

let lab: FakeLab;
afterEach(async () => {
  vi.restoreAllMocks();
  await lab.finish();
});

async function turn(name: string, opts: Parameters<FakeLab['start']>[1] = {}): Promise<Driven> {
  lab = new FakeLab();
  const d = lab.start(name, opts);
  await waitFor(() => d.view().status === 'ready', 'ready');
  d.session.send('go');
  return d;
}

function assistantTexts(d: Driven): string[] {
  return d
    .view()
    .items.filter((i) => i.type === 'assistant')
    .map((i) =>
      i.type === 'assistant'
        ? blocksOf(i)
            .map((b) => b.text)
            .join('')
        : '',
    );
}

const noticeCodes = (d: Driven) => eventsOf(d.events, 'notice').map((n) => n.code);

describe('the wire', () => {
  it('a line split across chunks is reassembled', async () => {
    const d = await turn('wire-split-chunks');
    await waitFor(() => d.view().lastResult, 'result');
    expect(assistantTexts(d)).toEqual(['split across three chunks']);
    expect(noticeCodes(d)).toEqual([]);
  });

  it('UTF-8 characters split across chunks come out whole', async () => {
    const d = await turn('wire-utf8-split');
    await waitFor(() => d.view().lastResult, 'result');
    expect(assistantTexts(d)).toEqual(['h\u00e9llo w\u00f6rld \u{1F389} \u65e5\u672c done']);
    expect(assistantTexts(d)[0]).not.toContain('\uFFFD');
  });

  it('CRLF line endings are accepted', async () => {
    const d = await turn('wire-crlf');
    await waitFor(() => d.view().lastResult, 'result');
    expect(assistantTexts(d)).toEqual(['windows line endings']);
    expect(d.view().lastResult?.text).toBe('ok');
  });

  it('a last line without a newline still counts', async () => {
    const d = await turn('wire-no-final-newline');
    await waitFor(() => d.session.phase === 'ended', 'ended');
    expect(d.view().lastResult?.text).toBe('the end');
    expect(d.view().failure).toBeUndefined();
  });

  it('U+2028 and U+2029 inside strings do not split the line', async () => {
    const d = await turn('wire-u2028');
    await waitFor(() => d.view().lastResult, 'result');
    expect(assistantTexts(d)).toEqual(['line\u2028separator and paragraph\u2029separator']);
    expect(noticeCodes(d)).toEqual([]);
  });

  // 50 MB through a real pipe, a parse and the reducer: seconds on a quiet machine, far more on a
  // busy one. The wait and the test's own timeout agree, so only a line that never arrives fails.
  it('a 50 MB line arrives whole', { timeout: 150_000 }, async () => {
    const d = await turn('wire-50mb-line');
    await waitFor(() => d.view().lastResult, 'result', 120_000);
    const results = eventsOf(d.events, 'tool-result');
    expect(results).toHaveLength(1);
    expect(results[0]!.content.length).toBe(52_428_800);
    expect(toolOf(d.view(), 'toolu_big')?.result?.content.length).toBe(52_428_800);
    expect(assistantTexts(d)).toContain('Read it.');
  });

  it('a line past the cap is dropped with a visible notice; the session carries on', async () => {
    const d = await turn('wire-line-past-cap', { limits: { maxLineBytes: 1024 * 1024 } });
    await waitFor(() => d.view().lastResult, 'result');
    const notice = eventsOf(d.events, 'notice').find((n) => n.code === 'line-too-long');
    expect(notice?.level).toBe('error');
    expect(notice?.text).toMatch(/size limit/);
    expect(eventsOf(d.events, 'tool-result')).toEqual([]);
    expect(assistantTexts(d)).toEqual(['Still here.']);
  });

  it('non-JSON noise is skipped with a log, not shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const d = await turn('wire-noise');
    await waitFor(() => d.view().lastResult, 'result');
    expect(noticeCodes(d)).toEqual([]);
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toContain('Warning: something printed to stdout');
    expect(assistantTexts(d)).toEqual(['Fine.']);
  });

  it('corrupt JSON becomes a visible diagnostic; what follows is read', async () => {
    const d = await turn('wire-corrupt-json');
    await waitFor(() => d.view().lastResult, 'result');
    const n = eventsOf(d.events, 'notice').find((x) => x.code === 'decode');
    expect(n?.text).toMatch(/corrupt-json|JSON/);
    expect(assistantTexts(d)).toEqual(['After the corrupt line.']);
  });

  it('an unknown type is reported once; what follows is read', async () => {
    const d = await turn('wire-unknown-type');
    await waitFor(() => d.view().lastResult, 'result');
    const unknown = eventsOf(d.events, 'notice').filter((n) => n.code === 'unknown-message');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]!.text).toContain('brand_new_thing');
    expect(assistantTexts(d)).toEqual(['After the unknown type.']);
  });

  it('unknown subtypes: an unknown control request gets exactly one error reply; an unknown system subtype is harmless', async () => {
    const d = await turn('wire-unknown-subtype');
    await waitFor(() => d.view().lastResult, 'result');
    const answers = lab.log().filter((r) => r.ev === 'answer' && r.id === 'ctl-unknown');
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ subtype: 'error' });
    expect(String(answers[0]!.error)).toContain('brand_new_request');
    expect(assistantTexts(d)).toEqual(['After the unknown subtype.']);
  });

  it('known types with missing fields become diagnostics; what follows is read', async () => {
    const d = await turn('wire-missing-fields');
    await waitFor(() => d.view().lastResult, 'result');
    const decode = eventsOf(d.events, 'notice').filter((n) => n.code === 'decode');
    expect(decode.length).toBeGreaterThanOrEqual(3);
    expect(decode.map((n) => n.text).join('\n')).toMatch(/assistant/);
    expect(assistantTexts(d)).toEqual(['After the broken messages.']);
  });

  it('control requests: each answered exactly once, by the right kind of answer; a withdrawn prompt closes without a reply', async () => {
    const d = await turn('wire-control');
    // The elicitation waits for the person like the permission prompts, in the order asked.
    await waitFor(() => d.view().pending.length === 3, 'three prompts');
    await lab.waitForLog((r) => r.ev === 'mark' && r.name === 'withdrawn', 'withdrawn');
    await waitFor(() => d.view().pending.length === 2, 'two prompts left');
    expect(d.view().pending.map((p) => p.requestId)).toEqual(['ctl-elicit', 'ask-kept']);
    expect(d.view().status).toBe('waiting');
    expect(toolOf(d.view(), 'toolu_b')).toMatchObject({ permission: 'withdrawn' });
    expect(() => d.session.respond('ask-withdrawn', { behavior: 'allow' })).toThrow(/no longer waiting/);
    // A permission answer cannot answer an input request, nor the other way round.
    expect(() => d.session.respond('ctl-elicit', { behavior: 'allow' })).toThrow(/no longer waiting/);
    expect(() => d.session.answerPrompt('ask-kept', { input: { action: 'decline' } })).toThrow(/not a request for input/);
    d.session.answerPrompt('ctl-elicit', { input: { action: 'decline' } });
    d.session.respond('ask-kept', { behavior: 'allow' });
    await waitFor(() => d.view().lastResult, 'result');
    const answers = lab.log().filter((r) => r.ev === 'answer');
    expect(answers.map((a) => a.id).sort()).toEqual(['ask-kept', 'ctl-elicit', 'ctl-mystery']);
    expect(answers.find((a) => a.id === 'ctl-elicit')?.response).toEqual({ action: 'decline' });
    expect(d.view().items.some((i) => i.type === 'notice' && i.text === 'srv asked for input: you declined.')).toBe(true);
    expect(answers.find((a) => a.id === 'ask-kept')?.response).toMatchObject({ behavior: 'allow', updatedInput: { command: 'ls' } });
    expect(answers.find((a) => a.id === 'ctl-mystery')?.subtype).toBe('error');
    expect(lab.processes()[0]!.asks.get('ask-withdrawn')).toBe('cancelled');
  });

  it('a user message sent while a prompt is open is delivered, and the prompt stays open until answered', async () => {
    const d = await turn('wire-user-during-permission');
    await waitFor(() => d.view().status === 'waiting', 'prompt');
    d.session.send('actually, use q.txt');
    await lab.waitForLog((r) => r.ev === 'mark' && r.name === 'got-second-message', 'message delivered');
    expect(d.view().status).toBe('waiting');
    expect(d.view().pending.map((p) => p.requestId)).toEqual(['ask-p']);
    expect(lab.log().filter((r) => r.ev === 'answer')).toEqual([]);
    d.session.respond('ask-p', { behavior: 'deny', message: 'Use q.txt instead.' });
    await waitFor(() => d.view().lastResult, 'result');
    expect(d.view().status).toBe('ready');
    const answers = lab.log().filter((r) => r.ev === 'answer');
    expect(answers).toHaveLength(1);
    expect(answers[0]!.response).toMatchObject({ behavior: 'deny', message: 'Use q.txt instead.' });
  });

  it('warns, without blocking, when the CLI version differs from the tested one', async () => {
    const d = await turn('version-drift');
    await waitFor(() => d.view().lastResult, 'result');
    const w = eventsOf(d.events, 'notice').filter((n) => n.code === 'cli-version');
    expect(w).toHaveLength(1);
    expect(w[0]!.text).toContain('9.9.9');
    expect(w[0]!.text).toContain('2.1.332');
    expect(d.view().status).toBe('ready');
  });
});
