// Ask aside on the real CLI: a side question asked while a turn runs is answered by its own
// model call (which the fake API sees, with the question), its progress arrives as it goes, the
// running turn goes on untouched and nothing of it enters the transcript; a follow-up carries
// the earlier exchange; a retried call shows as retrying; a cancelled one is given up.
import { describe, expect, it } from 'vitest';
import { lastUserText, sideQuestionText, text, type FakeReply } from '../support/fake-api';
import { realCliSessions } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const open = realCliSessions();

/** A reply held open until the returned function is called. */
function held(reply: FakeReply): { reply: FakeReply; release: () => void } {
  let release!: () => void;
  const hold = new Promise<void>((r) => (release = r));
  return { reply: { ...reply, hold }, release };
}

describe('side questions on the real CLI', () => {
  it('are answered beside a running turn, which goes on untouched; nothing enters the transcript', async () => {
    const main = held(text('The main answer.'));
    const { id, h, sb, events } = await open([main.reply], { readyMs: 60_000 });
    sb.api.scriptSide((req) => text(`Aside: you asked "${sideQuestionText(req.body)}".`, { delayMs: 20 }));
    h.send(id, 'Do the main thing');
    await waitFor(() => sb.api.turns().length === 1, 'the main request');
    const { asideId } = h.ask(id, '  What are you working on?  ');
    await waitFor(() => h.view(id).asides?.[0]?.state === 'answered', 'the side answer', 60_000);
    const aside = h.view(id).asides![0]!;
    expect(aside).toMatchObject({
      id: asideId,
      question: 'What are you working on?',
      answer: 'Aside: you asked "What are you working on?".',
      synthetic: false,
    });
    // The CLI said it took the question up before answering (as every window heard it).
    const states = await waitFor(() => {
      const seen = events.flatMap((e) => (e.kind === 'aside' ? [e.aside.state] : []));
      return seen.includes('answered') && seen;
    }, 'the answer to be published');
    expect(states, JSON.stringify(states)).toEqual(['asking', 'thinking', 'answered']);
    // The main turn is still running, and finishes as it would have.
    expect(h.view(id).status).toBe('working');
    main.release();
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult, 'the main turn to end', 60_000);
    expect(h.view(id).lastResult?.text).toBe('The main answer.');
    expect(sb.api.turns()).toHaveLength(1);
    expect(sb.api.sideQuestions()).toHaveLength(1);
    const shown = JSON.stringify(h.view(id).items);
    expect(shown).not.toContain('What are you working on');
    expect(shown).not.toContain('Aside:');
  });

  it('a follow-up carries the earlier question and answer', async () => {
    const { id, h, sb } = await open([text('Done.')], { readyMs: 60_000 });
    h.send(id, 'Start');
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult, 'the turn');
    sb.api.scriptSide([text('Forty-two.'), text('Because.')]);
    h.ask(id, 'What is the answer?');
    await waitFor(() => h.view(id).asides?.[0]?.state === 'answered', 'the first answer', 60_000);
    h.ask(id, 'Why?');
    await waitFor(() => h.view(id).asides?.[1]?.state === 'answered', 'the second answer', 60_000);
    expect(h.view(id).asides?.map((a) => a.answer)).toEqual(['Forty-two.', 'Because.']);
    const second = sb.api.sideQuestions()[1]!.body;
    expect(sideQuestionText(second)).toBe('Why?');
    const sent = JSON.stringify(second.messages);
    expect(sent).toContain('What is the answer?');
    expect(sent).toContain('Forty-two.');
    // The conversation itself never saw either.
    expect(lastUserText(sb.api.turns()[0]!.body)).toContain('Start');
  });

  it("shows the CLI's retries, then its own words when the API keeps failing", async () => {
    const { id, h, sb, events } = await open([], { readyMs: 60_000 });
    sb.api.scriptSide(() => ({ ...text('never'), status: 529 }));
    h.ask(id, 'Are you there?');
    await waitFor(() => h.view(id).asides?.[0]?.state === 'answered', 'the answer after the retries', 90_000);
    await waitFor(() => events.some((e) => e.kind === 'aside' && e.aside.state === 'answered'), 'the answer to be published');
    const retries = events.flatMap((e) => (e.kind === 'aside' && e.aside.state === 'retrying' ? [e.aside.retry] : []));
    expect(retries.length).toBeGreaterThan(0);
    expect(retries[0]).toMatchObject({ attempt: 1, httpStatus: 529 });
    expect(retries[0]?.maxRetries).toEqual(expect.any(Number));
    // The answer is Claude Code's report of the failure, marked as not the model's.
    expect(h.view(id).asides?.[0]).toMatchObject({ synthetic: true, answer: expect.stringContaining('529') });
    expect(h.view(id).asides?.[0]?.retry).toBeUndefined();
  });

  it('a cancelled question is given up; the CLI stops working on it', async () => {
    const { id, h, sb } = await open([], { readyMs: 60_000 });
    const side = held(text('Too late.'));
    sb.api.scriptSide([side.reply]);
    const { asideId } = h.ask(id, 'A slow question');
    await waitFor(() => h.view(id).asides?.[0]?.state === 'thinking' && sb.api.sideQuestions().length === 1, 'the side call');
    h.cancelAside(id, asideId);
    expect(h.view(id).asides?.[0]?.state).toBe('cancelled');
    // The CLI answers the cancelled request (with an error); the answer held back at the fake
    // API never turns it into an answer.
    const conn = h.list()[0]!.connection!;
    await waitFor(() => conn.unanswered === 0, 'the CLI to answer the cancelled question');
    side.release();
    h.send(id, 'Now the conversation');
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult, 'a turn after the cancel', 60_000);
    expect(h.view(id).asides?.[0]?.state).toBe('cancelled');
    expect(h.view(id).asides?.[0]?.answer).toBeUndefined();
  });
});
