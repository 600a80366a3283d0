// Reading the person's answers to Claude's questions back from the tool result, for the
// transcript card: the structured answers when the CLI sent them, else the result text.
import { describe, expect, it } from 'vitest';
import { parseQuestions } from '../../../renderer/src/components/question/answers';
import { questionOutcome } from '../../../renderer/src/lib/tools/question-result';

const questions = parseQuestions({
  questions: [
    { question: 'Name the "main" branch?', options: [{ label: 'main' }, { label: 'trunk' }] },
    { question: 'Which extras?', multiSelect: true, options: [{ label: 'A' }, { label: 'B' }] },
  ],
});

describe('questionOutcome', () => {
  it('waits while there is no result', () => {
    expect(questionOutcome(questions, {})).toEqual({ kind: 'waiting' });
  });

  it('takes the structured answers, by question text', () => {
    const structured = { answers: { 'Which extras?': 'A, B' } };
    expect(questionOutcome(questions, { result: { content: 'whatever', isError: false, structured } })).toEqual({
      kind: 'answered',
      answers: [undefined, 'A, B'],
    });
  });

  it('reads the result text, with quotes and commas inside an answer', () => {
    const content =
      'User has answered your questions: "Name the "main" branch?"="call it "dev", ok", "Which extras?"="A, B". You can now continue with the user\'s answers in mind.';
    expect(questionOutcome(questions, { result: { content, isError: false } })).toEqual({ kind: 'answered', answers: ['call it "dev", ok', 'A, B'] });
  });

  it('a refusal or skip keeps its own words', () => {
    const content = 'The user declined to answer these questions.';
    expect(questionOutcome(questions, { result: { content, isError: true } })).toEqual({ kind: 'unanswered', message: content });
    expect(questionOutcome(questions, { result: { content: '', isError: false } })).toEqual({ kind: 'unanswered', message: 'No answer was given.' });
  });
});
