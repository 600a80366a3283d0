// What the person answered to Claude's questions (AskUserQuestion), read back from the tool's
// result for its transcript card. The CLI keeps the answers in the structured result
// (`answers`: question text → label, labels joined with ", ", or the person's own words) and
// writes them for Claude as `"<question>"="<answer>", …` in the result text (2.1.332); older
// transcripts may carry only the text.
import type { ToolState } from '../../../../shared/transcript';
import type { Question } from '../../components/question/answers';

export type QuestionOutcome =
  | { kind: 'waiting' }
  | { kind: 'answered'; answers: (string | undefined)[] }
  /** Refused, skipped or dismissed: the result's own words say how. */
  | { kind: 'unanswered'; message: string };

function structuredAnswers(structured: unknown): Record<string, unknown> | undefined {
  if (typeof structured !== 'object' || structured === null) return undefined;
  const answers = (structured as Record<string, unknown>).answers;
  return typeof answers === 'object' && answers !== null && !Array.isArray(answers) ? (answers as Record<string, unknown>) : undefined;
}

/** `"<question>"="<answer>"` in the result text: the answer runs to the quote that closes it. */
function answerInText(content: string, question: string, others: readonly string[]): string | undefined {
  const open = `"${question}"="`;
  const at = content.indexOf(open);
  if (at < 0) return undefined;
  const from = at + open.length;
  // The closing quote is the one before the next question's pair, else the last one before
  // the sentence that follows the pairs.
  let end = -1;
  for (const o of others) {
    const next = content.indexOf(`", "${o}"="`, from);
    if (next >= 0 && (end < 0 || next < end)) end = next;
  }
  if (end < 0) {
    const tail = content.slice(from);
    const close = /"(?:\.|\s*$)/.exec(tail);
    end = close ? from + close.index : -1;
  }
  return end < 0 ? undefined : content.slice(from, end);
}

export function questionOutcome(questions: readonly Question[], state: ToolState): QuestionOutcome {
  const r = state.result;
  if (!r) return { kind: 'waiting' };
  const fromStructured = structuredAnswers(r.structured);
  const texts = questions.map((q) => q.question);
  const answers = questions.map((q) => {
    const a = fromStructured?.[q.question];
    if (typeof a === 'string') return a;
    return fromStructured
      ? undefined
      : answerInText(
          r.content,
          q.question,
          texts.filter((t) => t !== q.question),
        );
  });
  if (!r.isError && answers.some((a) => a !== undefined)) return { kind: 'answered', answers };
  return { kind: 'unanswered', message: r.content.trim() || 'No answer was given.' };
}
