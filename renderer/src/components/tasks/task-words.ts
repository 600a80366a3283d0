// How a background task reads in the Tasks panel, the foreground bar and notifications: its
// kind, its state and the state's colour, how long it has run, and its output as plain text.
import { taskEnded, taskKind, type TaskKind } from '../../../../shared/tasks';
import type { TaskPatch } from '../../../../shared/events';
import type { TaskView } from '../../../../shared/transcript';
import { formatDuration } from '../../lib/format';

const KIND_WORDS: Record<TaskKind, string> = {
  shell: 'Shell',
  monitor: 'Monitor',
  subagent: 'Subagent',
  workflow: 'Workflow',
  mcp: 'MCP task',
  other: 'Task',
};

export function kindWord(t: Pick<TaskPatch, 'taskType' | 'toolName'>): string {
  return KIND_WORDS[taskKind(t)];
}

export type TaskTone = 'run' | 'ok' | 'bad' | 'off';

/** "Running", "Foreground", "Done", "Failed", "Stopped"... and its badge colour. */
export function taskState(t: TaskView): { word: string; tone: TaskTone } {
  // Said by the resumed process, so it overrides what the end of the old one suggested.
  if (t.endReason === 'unfinished-at-restart') return { word: 'Unfinished at restart', tone: 'bad' };
  if (t.endedWithProcess) return { word: 'Ended with Claude', tone: 'off' };
  if (taskEnded(t)) {
    if (t.status === 'completed') return { word: 'Done', tone: 'ok' };
    if (t.status === 'failed') return { word: 'Failed', tone: 'bad' };
    // killed (task_updated) and stopped (its notification) are the same end.
    return { word: 'Stopped', tone: 'off' };
  }
  if (t.backgrounded === false) return { word: 'Foreground', tone: 'run' };
  if (t.status === 'paused') return { word: 'Paused', tone: 'off' };
  if (t.status === 'pending') return { word: 'Starting', tone: 'run' };
  return { word: 'Running', tone: 'run' };
}

/** How long it ran, or has run so far; undefined when its start is not known. */
export function runtime(t: TaskView, now: number): string | undefined {
  // A shell's own measure (2.1.337) counts from its launch, before clide may have seen it.
  if (t.durationMs !== undefined && taskEnded(t)) return formatDuration(t.durationMs);
  if (t.startedAt === undefined) return undefined;
  return formatDuration((t.endedAt ?? now) - t.startedAt);
}

/** What a task is in a sentence: its description, else its command, else its kind. */
export function taskName(t: Pick<TaskPatch, 'description' | 'command' | 'taskType' | 'toolName'>): string {
  return t.description?.trim() || t.command?.trim() || kindWord(t);
}

// CSI sequences (colours, cursor moves), OSC sequences (titles, links) and lone escapes. The
// output is whatever the command printed; shown as text, these would be noise.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** A command's output as plain text: terminal escape sequences removed, carriage-return rewrites resolved to their last state. */
export function plainOutput(raw: string): string {
  return raw
    .replace(ESCAPES, '')
    .split('\n')
    .map((line) => {
      // A progress bar rewrites its line with \r: what the terminal shows is the last rewrite.
      const parts = line.replace(/\r+$/, '').split('\r');
      return parts[parts.length - 1] ?? '';
    })
    .join('\n');
}
