// Claude's questions (AskUserQuestion) in the transcript: each question with its options and
// the answer the person gave, read back from the tool's result, in place of the raw input.
// Closed, the card lists each question with its answer; open, every option too.
import { useMemo } from 'react';
import { questionOutcome, type QuestionOutcome } from '../../lib/tools/question-result';
import { parseQuestions, type Question } from '../question/answers';
import { VisibleText } from '../common/visible-text';
import type { BodyProps } from './card-types';
import '../../styles/tool-question.css';

function useQuestions(p: BodyProps): { questions: Question[]; outcome: QuestionOutcome } {
  const questions = useMemo(() => parseQuestions(p.tool.input), [p.tool.input]);
  const outcome = useMemo(() => questionOutcome(questions, p.state), [questions, p.state]);
  return { questions, outcome };
}

/** The answer line under one question: what was picked, or why nothing was. */
function Answer({ outcome, index }: { outcome: QuestionOutcome; index: number }) {
  if (outcome.kind === 'waiting') return <div className="question-answer is-waiting">Not answered yet</div>;
  if (outcome.kind === 'unanswered') return null;
  const a = outcome.answers[index];
  return a === undefined ? (
    <div className="question-answer is-none">No answer</div>
  ) : (
    <div className="question-answer">
      <span className="question-answer-label">Answer</span> <VisibleText text={a} />
    </div>
  );
}

/** Whether an option was among the answer's picks (labels joined with ", " for several). */
function picked(q: Question, answer: string | undefined, label: string): boolean {
  if (answer === undefined) return false;
  return q.multiSelect ? answer.split(', ').includes(label) || answer === label : answer === label;
}

function Unanswered({ outcome, part }: { outcome: QuestionOutcome; part: string }) {
  if (outcome.kind !== 'unanswered') return null;
  return (
    <div className="question-answer is-none" data-find-part={part}>
      <VisibleText text={outcome.message} />
    </div>
  );
}

export function QuestionPeek(p: BodyProps) {
  const { questions, outcome } = useQuestions(p);
  if (questions.length === 0) return null;
  return (
    <div className="question-peek" data-find-part={`tool:${p.tool.id}:output`}>
      {questions.map((q, i) => (
        <div key={q.question} className="question-peek-line">
          <span className="question-peek-q">
            <VisibleText text={q.question} />
          </span>
          <Answer outcome={outcome} index={i} />
        </div>
      ))}
      <Unanswered outcome={outcome} part={`tool:${p.tool.id}:output`} />
    </div>
  );
}

export function QuestionBody(p: BodyProps) {
  const { questions, outcome } = useQuestions(p);
  if (questions.length === 0) return null;
  const answers = outcome.kind === 'answered' ? outcome.answers : [];
  return (
    <div className="tool-details question-details">
      {questions.map((q, i) => (
        <section key={q.question} className="question-item" aria-label={`Question: ${q.question}`}>
          <div className="question-title" data-find-part={`tool:${p.tool.id}:input`}>
            {q.header && (
              <span className="question-header">
                <VisibleText text={q.header} />
              </span>
            )}
            <VisibleText text={q.question} />
            {q.multiSelect && <span className="question-multi">choose any</span>}
          </div>
          {q.options.length > 0 && (
            <ul className="question-options" data-find-part={`tool:${p.tool.id}:input`}>
              {q.options.map((o) => {
                const chosen = picked(q, answers[i], o.label);
                return (
                  <li key={o.label} className={chosen ? 'is-picked' : undefined}>
                    <span className="question-mark" aria-hidden="true">
                      {chosen ? (q.multiSelect ? '☑' : '◉') : q.multiSelect ? '☐' : '○'}
                    </span>
                    <span className="question-option-label">
                      <VisibleText text={o.label} />
                    </span>
                    {chosen && <span className="visually-hidden"> (picked)</span>}
                    {o.description && (
                      <span className="question-option-desc">
                        <VisibleText text={o.description} />
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <div data-find-part={`tool:${p.tool.id}:output`}>
            <Answer outcome={outcome} index={i} />
          </div>
        </section>
      ))}
      <Unanswered outcome={outcome} part={`tool:${p.tool.id}:output`} />
    </div>
  );
}
