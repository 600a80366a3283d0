// A first guess at an entry's height, before it has been measured. Good guesses keep the
// scrollbar honest and the view steady while a long transcript is scrolled for the first
// time; each guess is O(1) (lengths only, never a scan of a 4 MB result).
import { blocksOf, type TranscriptItem } from '../../../../shared/transcript';
import { cardKind } from '../tools/card-kind';

const LINE = 25;
const CHARS_PER_LINE = 92;

function proseHeight(chars: number): number {
  return Math.ceil(chars / CHARS_PER_LINE) * LINE + Math.floor(chars / 400) * 10;
}

// Not kept per entry here: the list keeps its guesses by position (transcript.tsx), and a
// table beside every entry of a 10,000-entry tab cost more memory than the guesses save time.
export function estimateItemHeight(item: TranscriptItem | undefined): number {
  return item ? guess(item) : 40;
}

function guess(item: TranscriptItem): number {
  switch (item.type) {
    case 'user':
      return 62 + Math.min(proseHeight(item.text.length), 16 * 24);
    case 'assistant': {
      let h = 12;
      for (const b of blocksOf(item)) {
        if (b.type === 'text') h += proseHeight(b.text.length) + 8;
        else if (b.type === 'thinking' || b.type === 'other') h += 30;
        else if (b.tool) {
          const kind = cardKind(b.tool.name);
          const result = b.tool.result;
          if (kind === 'edit' || kind === 'write') h += 200;
          else if (kind === 'todo') h += 44 + 26 * (Array.isArray(b.tool.input.todos) ? b.tool.input.todos.length : 3);
          else if (kind === 'bash' || kind === 'generic' || kind === 'search') h += result ? 110 : 44;
          // Closed, a question card lists each question with its answer.
          else if (kind === 'question') h += 52 + 50 * (Array.isArray(b.tool.input.questions) ? b.tool.input.questions.length : 1);
          else h += 44;
        }
      }
      return h;
    }
    case 'context':
    case 'notice':
    case 'compaction':
    case 'reset':
    case 'hook':
      return 34;
    case 'turn-error':
      return 44;
    default:
      return 60;
  }
}
