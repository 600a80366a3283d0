// The transcript records that are neither the person's prompt nor a user/assistant message:
// what each shows on resume (a compaction notice, local command output, a background task's
// notification), which are the CLI's bookkeeping and show nothing, and which clide does not
// know. Of those it does not know, one that looks like a conversation entry is counted so the
// transcript can say what it left out; one that carries no conversation is the CLI's own
// bookkeeping too (each CLI adds some: 2.1.337 wrote `api-request-route` into every transcript),
// skipped quietly and only counted for the log.
import type { SessionEvent } from '../../../shared/events';
import { isRecord, nonBlank } from '../../../shared/guards';
import { classifyInjected } from './normalize';

type TranscriptRecord = Record<string, unknown> & { type?: unknown };

/**
 * Record types the CLI writes for itself (titles, snapshots, request shapes, costs, queues),
 * as the pinned CLI names them.
 */
const BOOKKEEPING = new Set([
  'summary',
  'custom-title',
  'ai-title',
  'attachment',
  'file-history-snapshot',
  'file-history-delta',
  'queue-operation',
  'api-request',
  'api-request-shape',
  'api-request-blob',
  'api-request-resumed',
  'last-prompt',
  'atis-latch',
  'tools-used',
  'cost-state',
  'progress',
  'tag',
  'agent-name',
  'pr-link',
  'worktree-state',
  'agent-color',
  'content-replacement',
  'bridge-session',
  'resume-head-vouch',
  'hybrid-organization',
  'host-row',
  'history-suppression',
  'frame-link',
  'artifact-autoreact-ledger',
]);

/** System records with nothing to show: a turn's timing, a failed call the next retry followed. */
const QUIET_SYSTEM = new Set(['turn_duration', 'api_error', 'stop_hook_summary', 'informational']);

/** Epoch ms of a record's timestamp (0 when it has none). */
export function recordAt(r: TranscriptRecord): number {
  return Date.parse(nonBlank(r.timestamp) ?? '') || 0;
}

/** How many images a user record carries (a pasted screenshot is an image block). */
export function imageCount(r: TranscriptRecord): number {
  const content = (r.message as { content?: unknown } | undefined)?.content;
  return Array.isArray(content) ? content.filter((b) => isRecord(b) && b.type === 'image').length : 0;
}

/**
 * Whether a record is part of the conversation: it carries a message, or has a place in the
 * uuid/parentUuid chain the CLI resumes along. Request shapes, cost state, queue operations and
 * routes have neither; a record without either has nothing the person could miss.
 */
export function carriesConversation(r: TranscriptRecord): boolean {
  return r.message !== undefined || nonBlank(r.uuid) !== undefined || nonBlank(r.parentUuid) !== undefined;
}

/**
 * What a record other than user/assistant shows: an event, `null` for a kind clide knows that
 * shows nothing, `undefined` for a kind it does not know.
 */
export function otherRecordEvent(r: TranscriptRecord, n: number): SessionEvent | null | undefined {
  const id = nonBlank(r.uuid) ?? `record-${n}`;
  const at = recordAt(r);
  if (r.type === 'system') {
    if (r.subtype === 'compact_boundary') return { kind: 'notice', id, level: 'info', code: 'compact-boundary', text: 'Conversation compacted.', at };
    // `/model` and other local commands: "<local-command-stdout>Kept model as Default</…>".
    if (r.subtype === 'local_command') return injected(id, nonBlank(r.content), at);
    return QUIET_SYSTEM.has(String(r.subtype)) ? null : undefined;
  }
  if (r.type === 'attachment' && isRecord(r.attachment)) {
    // A background task's notification, queued for the model while a turn ran (2.1.x).
    const a = r.attachment;
    if (a.type === 'queued_command' && a.commandMode === 'task-notification') return injected(id, nonBlank(a.prompt), at);
    return null;
  }
  return typeof r.type === 'string' && BOOKKEEPING.has(r.type) ? null : undefined;
}

function injected(id: string, text: string | undefined, at: number): SessionEvent | null {
  if (!text) return null;
  return { kind: 'context', id, ...classifyInjected(text, false), text, at };
}

/** Count a record clide does not show by its type (and a system record's subtype). */
export function countNotShown(counts: Map<string, number>, r: TranscriptRecord): void {
  const type = nonBlank(r.type) ?? 'unnamed';
  const key = type === 'system' && nonBlank(r.subtype) ? `system (${String(r.subtype)})` : type;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
