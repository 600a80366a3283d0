// AskUserQuestion, as the CLI sends it (input.questions) and as it wants the answers back:
// allow with updatedInput = {...input, answers: {<question text>: <label, or labels joined
// with ", ", or the person's own words>}} (2.1.332).
import { str } from '../../../../shared/guards';

export interface QuestionOption {
  label: string;
  description?: string;
}

export interface Question {
  question: string;
  header?: string;
  options: QuestionOption[];
  multiSelect: boolean;
}

/** What the person picked for one question. */
export interface Pick {
  labels: string[];
  /** The "Other" answer, when chosen. */
  other?: string;
}

export const DECLINED_MESSAGE = 'The user declined to answer these questions.';

/** The questions in an AskUserQuestion input; malformed entries are dropped, never guessed. */
export function parseQuestions(input: Record<string, unknown>): Question[] {
  if (!Array.isArray(input.questions)) return [];
  const out: Question[] = [];
  for (const raw of input.questions as unknown[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const q = raw as Record<string, unknown>;
    const question = str(q.question);
    if (!question) continue;
    const options = Array.isArray(q.options)
      ? (q.options as unknown[]).flatMap((o): QuestionOption[] => {
          if (typeof o === 'string') return [{ label: o }];
          if (typeof o !== 'object' || o === null) return [];
          const label = str((o as Record<string, unknown>).label);
          return label ? [{ label, description: str((o as Record<string, unknown>).description) }] : [];
        })
      : [];
    out.push({ question, header: str(q.header), options, multiSelect: q.multiSelect === true });
  }
  return out;
}

/** One answer: the picked labels in the order offered, then the person's own words. */
export function answerText(q: Question, pick: Pick | undefined): string | undefined {
  if (!pick) return undefined;
  const labels = q.options.map((o) => o.label).filter((l) => pick.labels.includes(l));
  const other = pick.other?.trim();
  const parts = q.multiSelect ? [...labels, ...(other ? [other] : [])] : other !== undefined ? (other ? [other] : []) : labels.slice(0, 1);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** Every question's answer, or the first question still unanswered. */
export function buildAnswers(questions: readonly Question[], picks: readonly (Pick | undefined)[]): { answers: Record<string, string> } | { missing: number } {
  const answers: Record<string, string> = {};
  for (const [i, q] of questions.entries()) {
    const a = answerText(q, picks[i]);
    if (a === undefined) return { missing: i };
    answers[q.question] = a;
  }
  return { answers };
}
