// Tool output (Bash especially) may carry terminal escape sequences. A window is not a
// terminal: strip them so colours codes do not show as noise and nothing can pretend to
// move a cursor or set a window title.
import { cutText } from '../format';

// CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), other two-byte ESC sequences, and C1 CSI.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|\u001B[@-Z\\-_]|\u009B[0-?]*[ -/]*[@-~]/g;
// Remaining C0/C1 controls except tab and newline; a lone CR (progress bars) becomes a newline.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export function stripTerminal(text: string): string {
  return text.replace(ANSI, '').replace(/\r\n/g, '\n').replace(/\r/g, '\n').replace(CONTROLS, '');
}

export interface Preview {
  text: string;
  /** Lines not shown in the preview. */
  hiddenLines: number;
  /** Characters not shown because the output is larger than a preview should ever render. */
  truncatedChars: number;
  totalLines: number;
}

/**
 * The first `maxLines` lines of a possibly huge output, without splitting all of it: a
 * 4 MB result must not cost a full split to show three lines.
 */
export function preview(text: string, maxLines: number, maxChars = 4000): Preview {
  let end = 0;
  let lines = 0;
  while (lines < maxLines && end < text.length) {
    const nl = text.indexOf('\n', end);
    if (nl === -1) {
      end = text.length;
      lines++;
      break;
    }
    end = nl + 1;
    lines++;
  }
  let shown = text.slice(0, end).replace(/\n$/, '');
  let truncatedChars = 0;
  if (shown.length > maxChars) {
    const whole = shown.length;
    shown = cutText(shown, maxChars);
    truncatedChars = whole - shown.length;
  }
  const totalLines = countLines(text);
  return { text: shown, hiddenLines: Math.max(0, totalLines - lines), truncatedChars, totalLines };
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  let i = text.indexOf('\n');
  while (i !== -1) {
    if (i < text.length - 1) n++;
    i = text.indexOf('\n', i + 1);
  }
  return n;
}
