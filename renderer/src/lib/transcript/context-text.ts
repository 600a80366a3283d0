// Injected context (skill bodies, slash-command expansions, system reminders, local command
// output, compaction summaries) as the transcript shows it: a one-line title that says what it
// is, and a body without the wrapper tags the CLI puts around it for the model.
import type { ContextSource } from '../../../../shared/events';
import { parseTaskNotification } from '../../../../shared/task-notification';

const fallbackTitle: Record<ContextSource, string> = {
  skill: 'Skill',
  command: 'Command',
  reminder: 'System reminder',
  'local-command': 'Command output',
  compaction: 'Conversation summary',
  interrupt: 'Interrupted',
  memory: 'Memory',
  task: 'Background task',
  other: 'Context added by Claude Code',
};

export function contextTitle(source: ContextSource, label: string): string {
  const l = label.trim();
  if (!l || (source === 'other' && l === 'Context')) return fallbackTitle[source];
  return l;
}

// Tags that only frame text for the model. Their content stays; the tags go.
const WRAPPERS = /<\/?(?:system-reminder|local-command-stdout|local-command-stderr|local-command-caveat|command-message|command-args|command-contents)>/g;

export function contextBody(text: string, source: ContextSource): string {
  let t = text;
  if (source === 'task') return taskBody(t);
  if (source === 'command') {
    // "<command-name>/review</command-name>" is already the title.
    t = t.replace(/<command-name>[^<]*<\/command-name>\s*/g, '');
  }
  t = t.replace(WRAPPERS, '');
  return t.replace(/^\s*\n/, '').replace(/\s+$/, '');
}

/** A <task-notification>: its result (or summary) and where the output went, without the XML. */
function taskBody(text: string): string {
  const n = parseTaskNotification(text);
  if (!n) return text.trim();
  const lines = [n.result ?? n.summary ?? ''];
  if (n.outputFile) lines.push('', `Output: ${n.outputFile}`);
  return lines.join('\n').trim();
}
