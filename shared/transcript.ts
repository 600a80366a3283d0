// The pure reducer that turns a session's event stream into what the window shows.
// Used by the renderer's store and by the main process to hand a (re)connecting window a
// snapshot, so both always agree. No timers, no I/O; every update is immutable so React
// re-renders only what changed.
import type { AppError } from './result';
import type {
  ApiRetry,
  LivenessState,
  ContextSource,
  FinalBlock,
  HookRun,
  PermissionOutcome,
  PermissionRequest,
  QueuedMessage,
  QueueHold,
  RateLimit,
  SessionEvent,
  SessionInfo,
  SessionStatus,
  TaskPatch,
  TeamDeliveryState,
  TeamParty,
  TurnResult,
} from './events';
import { taskEnded, type LiveTask } from './tasks';
import { applyWorktreeEvent, type WorktreeFields } from './worktree-view';
import type { Aside } from './aside';
import type { LimitStop } from './usage';

export interface BlockView {
  type: 'text' | 'thinking' | 'tool_use' | 'other';
  /** Text, thinking, or (for a streaming tool call) the partial JSON input. */
  text: string;
  streaming: boolean;
  tool?: ToolCall;
  label?: string;
}

/**
 * A tool call, and what became of it so far (its result, the permission asked...): the state
 * lives on the call itself. Kept in a table by tool id beside the transcript, a 10,000-entry tab
 * paid 190 kB for the table and an object per call.
 */
export interface ToolCall extends ToolState {
  id: string;
  name: string;
  input: Record<string, unknown>;
  displayName?: string;
  serverDisplayName?: string;
}

/**
 * An entry of the transcript. Its `at` is when it happened in milliseconds after the view's
 * `createdAt` (negative for what predates the view, as a resumed conversation's earlier entries
 * do): read it with itemTime. Relative, it is a small integer that sits in the entry itself; an
 * absolute time (about 1.75e12) does not fit one, and every entry then held a boxed number
 * besides (120 kB in a 10,000-entry tab).
 */
export type TranscriptItem =
  | { type: 'user'; id: string; text: string; images?: number; at: number }
  | {
      type: 'assistant';
      id: string;
      /**
       * The reply's content: `block` when it is one block (most are: a text, or a tool call),
       * `blocks` when it is more; never both. Read it with blocksOf. An array around a single
       * block cost 28 bytes an entry (170 kB in a 10,000-entry tab).
       */
      block?: BlockView;
      blocks?: BlockView[];
      parentToolUseId?: string;
      model?: string;
      aborted?: boolean;
      at: number;
    }
  | { type: 'context'; id: string; source: ContextSource; label: string; text: string; at: number; parentToolUseId?: string }
  | { type: 'notice'; id: string; level: 'info' | 'warning' | 'error'; code: string; text: string; at: number }
  /** The CLI summarised the conversation so far; what follows starts from that summary. */
  | { type: 'compaction'; id: string; trigger: string; preTokens?: number; postTokens?: number; at: number }
  /** The conversation was wiped (/clear); a new one starts here. */
  | { type: 'reset'; id: string; trigger?: string; at: number }
  /** A hook that failed (successful hooks leave no trace in the transcript). */
  | { type: 'hook'; id: string; name: string; event: string; outcome: string; exitCode?: number; output?: string; at: number }
  /** A message between two sessions of the team (see shared/team.ts), in the sender's or receiver's transcript. */
  | {
      type: 'team-message';
      id: string;
      messageId: string;
      direction: 'sent' | 'received';
      from: TeamParty;
      to: Array<TeamParty & { state: TeamDeliveryState }>;
      toAll?: boolean;
      text: string;
      via?: 'turn' | 'inbox';
      toolUseId?: string;
      at: number;
    }
  /** A turn that ended in an error (not one the person stopped). */
  | {
      type: 'turn-error';
      id: string;
      subtype: string;
      text?: string;
      errors?: string[];
      terminalReason?: string;
      apiErrorStatus?: number;
      at: number;
    };

export interface ToolState {
  result?: { content: string; isError: boolean; structured?: unknown };
  permission?: PermissionOutcome;
  permissionMessage?: string;
  /** Refused without asking anyone: by a rule, the permission mode or a hook. */
  denial?: { message: string; reasonType?: string; reason?: string };
  /** A team message this call sent, whose card (that id) shows in the call's place. */
  teamCard?: string;
}

/** `endedWithProcess`: Claude's process ended while the task still ran, so it ended too. */
export type TaskView = TaskPatch & { startedAt?: number; updatedAt: number; endedAt?: number; endedWithProcess?: boolean };

export type RunningHook = HookRun & { startedAt: number };

export interface SessionView extends WorktreeFields {
  id: string;
  cwd: string;
  createdAt: number;
  status: SessionStatus;
  failure?: { error: AppError; resumable: boolean };
  info: SessionInfo;
  /**
   * Append-only: an item keeps its position for the life of the view (an update replaces it in
   * place), so the window refers to entries by position. There is no id -> position table: the
   * entries a live session updates are the last few (found by a short scan from the end), and a
   * long replay builds one for itself (applyEvents). Kept in the view, such a table cost a
   * 10,000-entry tab 200 kB in the window and again in the main process.
   */
  items: TranscriptItem[];
  /**
   * parentToolUseId -> positions of the items a subagent produced under that tool call, in
   * order. (This and the next two are optional so views built by older code still reduce.)
   */
  children?: Record<string, number[]>;
  /**
   * What happened to tool calls that are not in the transcript (yet): an event that came before
   * its call. Moved onto the call (ToolCall) when it arrives.
   */
  tools?: Record<string, ToolState>;
  tasks?: Record<string, TaskView>;
  /** The background tasks running now as the CLI last listed them (absent until it lists any). */
  liveTasks?: LiveTask[];
  /** Hooks running now, by hook id. */
  hooks?: Record<string, RunningHook>;
  pending: PermissionRequest[];
  lastResult?: TurnResult;
  contextTokens?: number;
  contextWindow?: number;
  costUsd?: number;
  rateLimit?: RateLimit;
  /** The API call is being retried (cleared when output arrives or the turn ends). */
  retry?: ApiRetry;
  /** What the CLI is doing between messages. */
  activity?: 'requesting' | 'compacting';
  /** Stopping, being ended, shutting down, or not responding (absent when all is well). */
  liveness?: { state: Exclude<LivenessState, 'ok'>; since?: number; at: number };
  /** Messages waiting to be sent when the running turn ends, in order. */
  queue?: QueuedMessage[];
  /** Why the queue is not sending on its own right now. */
  queueHold?: QueueHold;
  /** Side questions ("Ask aside"), oldest first; never part of the transcript. */
  asides?: Aside[];
  /** Stopped on a usage limit: when it resets, and whether it continues on its own then. */
  limitStop?: LimitStop;
}

export function emptySession(id: string, cwd: string, createdAt = Date.now()): SessionView {
  return {
    id,
    cwd,
    createdAt,
    status: 'starting',
    info: {},
    items: [],
    children: {},
    tasks: {},
    hooks: {},
    pending: [],
  };
}

/**
 * An id -> position table for the batch being applied, built once the batch has looked far back
 * often enough that one table is cheaper than the scans (a replay of a long conversation: every
 * new entry is a miss that scans the whole list). Dropped when the batch ends.
 */
let lookup: { scans: number; table?: Map<string, number>; calls?: Map<string, number> } | undefined;
/** Full scans a batch makes before it builds a table. */
const SCANS_BEFORE_TABLE = 8;

export function applyEvents(view: SessionView, events: readonly SessionEvent[]): SessionView {
  let v = view;
  const outer = lookup;
  lookup = { scans: 0 };
  try {
    for (const e of events) v = applyEvent(v, e);
  } finally {
    lookup = outer;
  }
  return v;
}

export function applyEvent(v: SessionView, e: SessionEvent): SessionView {
  switch (e.kind) {
    case 'status':
      if (v.status === e.status) return v;
      // Starting again (Resume) clears the previous failure.
      return e.status === 'starting' && v.failure ? { ...v, status: e.status, failure: undefined } : { ...v, status: e.status };
    case 'liveness':
      if (e.state === 'ok') return v.liveness ? { ...v, liveness: undefined } : v;
      return { ...v, liveness: { state: e.state, since: e.since, at: e.at } };
    case 'failure':
      return { ...v, failure: { error: e.error, resumable: e.resumable } };
    case 'info':
      return { ...v, info: { ...v.info, ...definedOnly(e.info) } };
    case 'user':
      return append(v, { type: 'user', id: e.id, text: e.text, images: e.images, at: e.at });
    case 'context':
      return append(v, {
        type: 'context',
        id: e.id,
        source: e.source,
        label: e.label,
        text: e.text,
        at: e.at,
        parentToolUseId: e.parentToolUseId,
      });
    case 'notice':
      return append(v, { type: 'notice', id: e.id, level: e.level, code: e.code, text: e.text, at: e.at });
    case 'block-start':
      return updateBlock(
        clearRetry(v),
        e.messageId,
        e.index,
        e.at,
        e.parentToolUseId,
        (b) =>
          b ?? {
            type: e.blockType,
            text: '',
            streaming: true,
            tool: e.blockType === 'tool_use' ? { id: e.toolUseId ?? '', name: e.toolName ?? '', input: {} } : undefined,
          },
      );
    case 'block-delta':
      if (positionOf(v, e.messageId) === undefined) return v;
      return updateBlock(v, e.messageId, e.index, 0, undefined, (b) =>
        b && b.streaming ? { ...b, text: b.text + e.text } : (b ?? { type: 'text', text: e.text, streaming: true }),
      );
    case 'block':
      return updateBlock(clearRetry(v), e.messageId, e.index, e.at, e.parentToolUseId, () => finalBlock(e.block), e.model);
    case 'message-end':
      return endMessage(v, e.messageId, e.aborted === true);
    case 'tool-result':
      return setTool(v, e.toolUseId, { result: { content: e.content, isError: e.isError, structured: e.structured } });
    case 'permission':
      if (v.pending.some((p) => p.requestId === e.request.requestId)) return v;
      return { ...v, pending: [...v.pending, e.request] };
    case 'permission-closed': {
      const pending = v.pending.filter((p) => p.requestId !== e.requestId);
      const next = pending.length === v.pending.length ? v : { ...v, pending };
      return e.toolUseId ? setTool(next, e.toolUseId, { permission: e.outcome, permissionMessage: e.message }) : next;
    }
    case 'result': {
      const next: SessionView = {
        ...v,
        lastResult: e.result,
        costUsd: e.result.costUsd ?? v.costUsd,
        contextWindow: e.result.contextWindow ?? v.contextWindow,
        retry: undefined,
        activity: undefined,
      };
      const r = e.result;
      // A refusal to start is the session's failure, said once by the failure banner.
      if (!r.isError || r.interrupted || r.startupFailure || !e.id) return next;
      return append(next, {
        type: 'turn-error',
        id: e.id,
        subtype: r.subtype,
        text: r.text,
        errors: r.errors,
        terminalReason: r.terminalReason,
        apiErrorStatus: r.apiErrorStatus,
        at: e.at ?? 0,
      });
    }
    case 'rate-limit':
      return { ...v, rateLimit: e.rateLimit };
    case 'usage':
      return { ...v, contextTokens: e.contextTokens };
    case 'activity':
      return v.activity === (e.activity ?? undefined) ? v : { ...v, activity: e.activity ?? undefined };
    case 'api-retry':
      return { ...v, retry: e.retry };
    case 'compaction':
      return append(
        { ...v, activity: undefined, contextTokens: e.compaction.postTokens ?? v.contextTokens },
        { type: 'compaction', id: e.id, trigger: e.compaction.trigger, preTokens: e.compaction.preTokens, postTokens: e.compaction.postTokens, at: e.at },
      );
    case 'conversation-reset':
      return append({ ...v, contextTokens: undefined }, { type: 'reset', id: e.id, trigger: e.trigger, at: e.at });
    case 'task':
      return applyTask(v, e.phase, e.task, e.at);
    case 'live-tasks':
      return e.processEnded ? endAllTasks(v, e.at) : { ...v, liveTasks: e.tasks };
    case 'hook':
      return applyHook(v, e.phase, e.hook, e.at);
    case 'permission-denied':
      return setTool(v, e.toolUseId, { denial: { message: e.message, reasonType: e.reasonType, reason: e.reason } });
    case 'queue':
      return { ...v, queue: e.messages, queueHold: e.hold };
    case 'aside': {
      const asides = v.asides ?? [];
      const at = asides.findIndex((a) => a.id === e.aside.id);
      return { ...v, asides: at < 0 ? [...asides, e.aside] : asides.map((a, i) => (i === at ? e.aside : a)) };
    }
    case 'limit-stop':
      return e.stop ? { ...v, limitStop: e.stop } : v.limitStop ? { ...v, limitStop: undefined } : v;
    case 'worktree':
    case 'setup-started':
    case 'setup-confirm':
    case 'setup-output':
    case 'setup-finished':
    case 'git-status':
    case 'shared-tree':
      return applyWorktreeEvent(v, e);
    case 'team-message': {
      // Re-sent with the same id as its delivery changes: update the card in place.
      const { kind: _kind, ...rest } = e;
      const item: TranscriptItem = { type: 'team-message', ...rest };
      // The sender's send_message tool card would say the same again: the team card stands for it.
      const claimed = e.direction === 'sent' && e.toolUseId && toolOf(v, e.toolUseId)?.teamCard !== e.id ? setTool(v, e.toolUseId, { teamCard: e.id }) : v;
      const at = positionOf(claimed, e.id);
      if (at === undefined) return append(claimed, item);
      const items = claimed.items.slice();
      items[at] = { ...item, at: item.at - v.createdAt };
      return { ...claimed, items };
    }
  }
}

function clearRetry(v: SessionView): SessionView {
  return v.retry ? { ...v, retry: undefined } : v;
}

function applyTask(v: SessionView, phase: 'started' | 'progress' | 'updated' | 'ended', patch: TaskPatch, at: number): SessionView {
  const prev = v.tasks?.[patch.taskId];
  const task: TaskView = {
    ...prev,
    ...(definedOnly(patch) as TaskPatch),
    startedAt: prev?.startedAt ?? (phase === 'started' ? at : undefined),
    updatedAt: at,
    endedAt: phase === 'ended' ? at : prev?.endedAt,
  };
  return { ...v, tasks: { ...(v.tasks ?? {}), [patch.taskId]: task } };
}

/** The process is gone: nothing it ran runs any more, and its live set starts empty next time. */
function endAllTasks(v: SessionView, at: number): SessionView {
  let tasks = v.tasks;
  for (const t of Object.values(v.tasks ?? {})) {
    if (t.endedAt !== undefined) continue;
    // A task whose end was reported but not yet announced simply ended; any other was cut off.
    tasks = { ...tasks, [t.taskId]: { ...t, endedAt: at, updatedAt: at, endedWithProcess: taskEnded(t) ? undefined : true } };
  }
  return { ...v, tasks, liveTasks: undefined };
}

function applyHook(v: SessionView, phase: 'started' | 'progress' | 'response', hook: HookRun, at: number): SessionView {
  if (phase !== 'response') {
    const prev = v.hooks?.[hook.hookId];
    return { ...v, hooks: { ...(v.hooks ?? {}), [hook.hookId]: { ...prev, ...hook, startedAt: prev?.startedAt ?? at } } };
  }
  let next = v;
  if (v.hooks?.[hook.hookId]) {
    const { [hook.hookId]: _done, ...rest } = v.hooks;
    next = { ...v, hooks: rest };
  }
  if (hook.outcome !== 'error') return next;
  return append(next, {
    type: 'hook',
    id: hook.hookId,
    name: hook.name,
    event: hook.event,
    outcome: hook.outcome,
    exitCode: hook.exitCode,
    output: hook.output || hook.stderr || undefined,
    at,
  });
}

function definedOnly<T extends object>(info: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(info)) if (val !== undefined) out[k] = val;
  return out as T;
}

/**
 * Position of an item, searched from the end: what a live session updates (the reply streaming
 * in, its tool calls) is among the last few entries. An id the view does not hold costs a scan
 * of every entry (some microseconds at 10,000), which a new entry pays once; a batch that pays
 * it often builds a table instead (applyEvents).
 */
export function positionOf(v: SessionView, id: string): number | undefined {
  const items = v.items;
  const table = lookup?.table;
  if (table) {
    const pos = table.get(id);
    return pos !== undefined && items[pos]?.id === id ? pos : undefined;
  }
  for (let i = items.length - 1; i >= 0; i--) if (items[i]!.id === id) return i;
  noteMiss(v);
  return undefined;
}

/**
 * A lookup that scanned every entry in vain. A batch that does this often builds its tables
 * (entries by id, tool calls by tool id), shared by the views of the batch: they only ever
 * append to the same list.
 */
function noteMiss(v: SessionView): void {
  if (!lookup || lookup.table || ++lookup.scans < SCANS_BEFORE_TABLE) return;
  const table = new Map<string, number>();
  const calls = new Map<string, number>();
  v.items.forEach((item, pos) => {
    if (!table.has(item.id)) table.set(item.id, pos);
    if (item.type === 'assistant') for (const b of blocksOf(item)) if (b.tool && !calls.has(b.tool.id)) calls.set(b.tool.id, pos);
  });
  lookup.table = table;
  lookup.calls = calls;
}

/** Add a new entry made for it (its `at` an absolute time, stored relative: see TranscriptItem). */
function append(v: SessionView, item: TranscriptItem): SessionView {
  if (positionOf(v, item.id) !== undefined) return v;
  item.at -= v.createdAt;
  const pos = v.items.length;
  lookup?.table?.set(item.id, pos);
  const parent = 'parentToolUseId' in item ? item.parentToolUseId : undefined;
  if (!parent) return { ...v, items: [...v.items, item] };
  const siblings = v.children?.[parent] ?? [];
  return { ...v, items: [...v.items, item], children: { ...(v.children ?? {}), [parent]: [...siblings, pos] } };
}

export type AssistantItem = Extract<TranscriptItem, { type: 'assistant' }>;

const NO_BLOCKS: readonly BlockView[] = [];

/** A reply's blocks, in order (a new array for a single block: keep it only as long as the item). */
export function blocksOf(item: Pick<AssistantItem, 'block' | 'blocks'>): readonly BlockView[] {
  return item.blocks ?? (item.block ? [item.block] : NO_BLOCKS);
}

/** A reply with these blocks, held as `block` when there is one. */
function withBlocks(item: AssistantItem, blocks: BlockView[]): AssistantItem {
  const { block: _block, blocks: _blocks, ...rest } = item;
  return blocks.length === 1 ? { ...rest, block: blocks[0] } : { ...rest, blocks };
}

/** When an entry happened, in milliseconds since the epoch. */
export function itemTime(v: Pick<SessionView, 'createdAt'>, item: { at: number }): number {
  return v.createdAt + item.at;
}

/** The items a subagent produced under one tool call (Agent/Task), in order. */
export function childrenOf(v: SessionView, toolUseId: string): TranscriptItem[] {
  const out: TranscriptItem[] = [];
  for (const pos of v.children?.[toolUseId] ?? []) {
    const item = v.items[pos];
    if (item) out.push(item);
  }
  return out;
}

/** Tasks by the tool call that started them, made once per `tasks` (which only task events replace). */
const tasksByCall = new WeakMap<Record<string, TaskView>, Map<string, TaskView>>();

/** The task a tool call started (background Bash, a subagent...), if any: the latest one. */
export function taskOf(v: SessionView, toolUseId: string): TaskView | undefined {
  if (!v.tasks) return undefined;
  let byCall = tasksByCall.get(v.tasks);
  if (!byCall) {
    byCall = new Map();
    for (const t of Object.values(v.tasks)) if (t.toolUseId) byCall.set(t.toolUseId, t);
    tasksByCall.set(v.tasks, byCall);
  }
  return byCall.get(toolUseId);
}

function finalBlock(b: FinalBlock): BlockView {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: b.text, streaming: false };
    case 'thinking':
      return { type: 'thinking', text: b.text, streaming: false };
    case 'tool_use':
      return {
        type: 'tool_use',
        text: '',
        streaming: false,
        tool: { id: b.id, name: b.name, input: b.input, displayName: b.displayName, serverDisplayName: b.serverDisplayName },
      };
    case 'other':
      return { type: 'other', text: b.text, label: b.label, streaming: false };
  }
}

function updateBlock(
  v: SessionView,
  messageId: string,
  index: number,
  at: number,
  parentToolUseId: string | undefined,
  f: (b: BlockView | undefined) => BlockView,
  model?: string,
): SessionView {
  const pos = positionOf(v, messageId);
  if (pos === undefined) {
    const made = withCallState(v, undefined, f(undefined));
    noteCall(made.block, v.items.length);
    if (index === 0) return append(made.v, { type: 'assistant', id: messageId, block: made.block, parentToolUseId, model, at });
    const blocks: BlockView[] = [];
    blocks[index] = made.block;
    return append(made.v, { type: 'assistant', id: messageId, blocks: fillHoles(blocks), parentToolUseId, model, at });
  }
  const item = v.items[pos];
  if (!item || item.type !== 'assistant') return v;
  const blocks = blocksOf(item).slice();
  const made = withCallState(v, blocks[index], f(blocks[index]));
  blocks[index] = made.block;
  noteCall(made.block, pos);
  const items = v.items.slice();
  items[pos] = withBlocks({ ...item, model: model ?? item.model }, fillHoles(blocks));
  return { ...made.v, items };
}

/** Blocks can arrive out of order only in theory; never leave sparse holes for the view to trip on. */
function fillHoles(blocks: BlockView[]): BlockView[] {
  for (let i = 0; i < blocks.length; i++) {
    if (!blocks[i]) blocks[i] = { type: 'text', text: '', streaming: true };
  }
  return blocks;
}

function endMessage(v: SessionView, messageId: string, aborted: boolean): SessionView {
  const pos = positionOf(v, messageId);
  if (pos === undefined) return v;
  const item = v.items[pos];
  if (!item || item.type !== 'assistant') return v;
  const blocks = blocksOf(item);
  if (!aborted && !blocks.some((b) => b.streaming)) return v;
  const items = v.items.slice();
  items[pos] = withBlocks(
    { ...item, aborted: aborted || item.aborted },
    blocks.map((b) => (b.streaming ? { ...b, streaming: false } : b)),
  );
  return { ...v, items };
}

/** A send_message call whose team card stands in for it: its tool card is not shown or exported. */
export function shownAsTeamCard(b: BlockView): boolean {
  return b.type === 'tool_use' && b.tool?.teamCard !== undefined;
}

/** Where a tool call is: its entry's position and its block's index there. */
function callAt(v: SessionView, toolUseId: string): { pos: number; index: number } | undefined {
  const find = (pos: number) => {
    const item = v.items[pos];
    if (item?.type !== 'assistant') return undefined;
    const index = item.block ? (item.block.tool?.id === toolUseId ? 0 : -1) : (item.blocks ?? []).findIndex((b) => b.tool?.id === toolUseId);
    return index < 0 ? undefined : { pos, index };
  };
  const table = lookup?.calls;
  if (table) {
    const pos = table.get(toolUseId);
    return pos === undefined ? undefined : find(pos);
  }
  // From the end: a result, a permission or a refusal comes soon after its call.
  for (let pos = v.items.length - 1; pos >= 0; pos--) {
    const at = find(pos);
    if (at) return at;
  }
  noteMiss(v);
  return undefined;
}

/** Every tool call in the transcript (a subagent's too), in order. */
export function toolCalls(v: Pick<SessionView, 'items'>): ToolCall[] {
  const out: ToolCall[] = [];
  for (const item of v.items) if (item.type === 'assistant') for (const b of blocksOf(item)) if (b.tool) out.push(b.tool);
  return out;
}

/** The position of the entry that holds a tool call (its card), if the transcript has it. */
export function callPosition(v: SessionView, toolUseId: string): number | undefined {
  return callAt(v, toolUseId)?.pos;
}

/** A tool call and what became of it, or what is known of one not in the transcript (yet). */
export function toolOf(v: SessionView, toolUseId: string): ToolState | undefined {
  const at = callAt(v, toolUseId);
  if (!at) return v.tools?.[toolUseId];
  const item = v.items[at.pos] as AssistantItem;
  return blocksOf(item)[at.index]?.tool;
}

function setTool(v: SessionView, toolUseId: string, patch: ToolState): SessionView {
  const at = callAt(v, toolUseId);
  if (!at) return { ...v, tools: { ...v.tools, [toolUseId]: { ...v.tools?.[toolUseId], ...patch } } };
  const item = v.items[at.pos] as AssistantItem;
  const blocks = blocksOf(item).slice();
  const b = blocks[at.index]!;
  blocks[at.index] = { ...b, tool: { ...b.tool!, ...patch } };
  const items = v.items.slice();
  items[at.pos] = withBlocks(item, blocks);
  return { ...v, items };
}

/**
 * A tool call's block as it arrives: it keeps what became of the call so far (the state on the
 * block it replaces, or what came before the call did), so a final block never drops a result.
 */
function withCallState(v: SessionView, prev: BlockView | undefined, next: BlockView): { v: SessionView; block: BlockView } {
  const tool = next.tool;
  if (!tool) return { v, block: next };
  const kept = prev?.tool && prev.tool !== tool && prev.tool.id === tool.id ? stateOf(prev.tool) : undefined;
  const early = v.tools?.[tool.id];
  if (!kept && !early) return { v, block: next };
  let rest = v;
  if (early) {
    const { [tool.id]: _moved, ...others } = v.tools!;
    rest = { ...v, tools: others };
  }
  return { v: rest, block: { ...next, tool: { ...tool, ...early, ...kept } } };
}

/** A batch's table of tool calls learns where a new call is. */
function noteCall(b: BlockView, pos: number): void {
  if (b.tool) lookup?.calls?.set(b.tool.id, pos);
}

function stateOf(t: ToolCall): ToolState | undefined {
  const { id: _id, name: _name, input: _input, displayName: _d, serverDisplayName: _s, ...state } = t;
  return Object.keys(state).length ? state : undefined;
}

/** Context tokens as a share of the window, for the status bar. */
export function contextPercent(v: Pick<SessionView, 'contextTokens' | 'contextWindow'>): number | undefined {
  if (v.contextTokens === undefined || !v.contextWindow) return undefined;
  return Math.min(100, (v.contextTokens / v.contextWindow) * 100);
}
