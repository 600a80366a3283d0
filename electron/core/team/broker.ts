// The team broker: lets the Claude sessions open in clide work together. Each session gets
// its own `clide-team` MCP server (tools.ts), answered here in the main process over the
// control channel, bound to that session's id so every call knows who is calling.
//
// Delivery rules:
// - a message to an idle session becomes a new user turn that says who sent it, in its words and
//   in the stamp the CLI reads (a peer, with the sender's permission class, never the person);
//   to a working session (or one waiting on the person) it waits in that session's inbox until
//   the turn ends; one delivered turn carries one sender's messages, so the stamp names its
//   one speaker (messages from several senders go in turns, one sender each);
// - the person's own queued messages go first (the message queue sends on the same "ready");
// - a paused team holds every delivery; so does a session the person stopped, until they
//   write to it or let the messages go;
// - the loop guard: past a few automatic deliveries to one session in a minute, its messages
//   wait for the person (two sessions answering each other forever is the failure to prevent).
// Nothing here can answer a permission prompt: a prompt is answered only through the host's
// respond(), which the window calls; a session that waits on a prompt gets no delivery either.
import { randomUUID } from 'node:crypto';
import { isIdleStatus, type SessionEvent, type TeamDeliveryState, type TeamParty } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import { DEFAULT_TEAM_CAP, PERSON, type TeamHold, type TeamMessage, type TeamState, type TeamTask, type TeamTaskStatus } from '../../../shared/team';
import type { SdkMcpServer } from '../protocol/mcp-server';
import type { Speaker } from '../protocol/outbound';
import type { ProtocolExtensions } from '../protocol/pipeline';
import { TaskBoard, type TaskPatch } from './board';
import type { Logged, Recipient, TeamToolBroker } from './broker-types';
import { loadBoard, saveBoard } from './board-file';
import { envelope, parseEnvelope, type Letter } from './envelope';
import { MAX_MESSAGE_CHARS, MAX_PER_TURN, MAX_WAITING } from './limits';
import { LoopGuard } from './loop-guard';
import { findMember, roster, type Member, type RosterSource } from './roster';
import { teamServer } from './tools';

/** What the broker needs from the host. */
export interface TeamHost {
  /** Open sessions in tab order. */
  sessions(): RosterSource[];
  /** Write a user message to a session (the host's normal send path), as `speaker`'s words. Throws a ClideError. */
  send(sessionId: string, text: string, speaker: Speaker): void;
  /** Add events to a session's stream (its transcript and every window). */
  emit(sessionId: string, events: SessionEvent[]): void;
}

export interface TeamOptions {
  /** Automatic deliveries per session per minute before messages wait for the person. */
  capPerMinute?: number;
  /** The loop guard's window; a minute unless a test on a slow machine needs it longer. */
  capWindowMs?: number;
  now?: () => number;
  newId?: () => string;
  /** How deliveries and change notices are scheduled (tests may run them at once). */
  defer?: (f: () => void) => void;
  /** Where the task board is kept across restarts (none: in memory only). */
  boardFile?: string;
}

const LOG_KEEP = 300;
const LOG_SHOWN = 200;
const LOG_TEXT = 2000;

interface Delivering {
  sessionId: string;
  text: string;
  letters: Logged[];
  userId?: string;
}

export class TeamBroker implements TeamToolBroker {
  readonly capPerMinute: number;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly defer: (f: () => void) => void;
  private readonly guard: LoopGuard;
  private readonly board: TaskBoard;
  private readonly boardFile: string | undefined;
  /** Something the person should know about the saved board (unreadable, not saved). */
  private notice: string | undefined;
  private readonly servers = new Map<string, SdkMcpServer>();
  private log: Logged[] = [];
  private paused = false;
  private readonly holds = new Map<string, TeamHold>();
  private readonly problems = new Map<string, string>();
  /** What each sender card last showed, so only real changes are re-sent. */
  private readonly cards = new Map<string, string>();
  private readonly scheduled = new Set<string>();
  private delivering: Delivering | undefined;
  private readonly listeners = new Set<(state: TeamState) => void>();
  private publishQueued = false;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly host: TeamHost,
    opts: TeamOptions = {},
  ) {
    this.capPerMinute = opts.capPerMinute ?? DEFAULT_TEAM_CAP;
    this.now = opts.now ?? Date.now;
    this.newId = opts.newId ?? randomUUID;
    // Two turns of the event loop: the session is still finishing the step that made it ready,
    // and the person's own queued message (scheduled on the same event) must go first.
    this.defer = opts.defer ?? ((f) => void setImmediate(() => void setImmediate(f)));
    this.guard = new LoopGuard(this.capPerMinute, this.now, opts.capWindowMs);
    this.boardFile = opts.boardFile;
    const saved = this.boardFile ? loadBoard(this.boardFile) : undefined;
    this.board = new TaskBoard(this.now, saved?.board);
    this.notice = saved?.warning && `The saved task board could not be read: ${saved.warning}`;
  }

  // ---- the host's side -------------------------------------------------------------------

  /** The protocol extensions for a new session: its own clide-team server. */
  extensions(sessionId: string): ProtocolExtensions {
    let server = this.servers.get(sessionId);
    if (!server) {
      server = teamServer(this, sessionId);
      this.servers.set(sessionId, server);
    }
    return { mcpServers: [server] };
  }

  onChange(listener: (state: TeamState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Events from a session, before they are applied: the user message a delivery wrote becomes
   * the team-message cards it carries (same id, so rewinding to it still works).
   */
  intercept(sessionId: string, events: SessionEvent[]): SessionEvent[] {
    const d = this.delivering;
    if (!events.some((e) => e.kind === 'user')) return events;
    const out: SessionEvent[] = [];
    for (const e of events) {
      if (e.kind !== 'user') {
        out.push(e);
      } else if (d && d.sessionId === sessionId && d.userId === undefined && e.text === d.text) {
        d.userId = e.id;
        d.letters.forEach((l, i) => out.push(this.receivedCard(l, sessionId, i === 0 ? e.id : `${e.id}-${i}`, 'turn', e.at)));
      } else if (parseEnvelope(e.text)) {
        // A delivered turn shown again from the CLI's transcript (a resumed session).
        const me = this.member(sessionId);
        const to = [{ id: sessionId, name: me?.name ?? sessionId, state: 'delivered' as const }];
        parseEnvelope(e.text)!.forEach((l, i) =>
          out.push({
            kind: 'team-message',
            id: i === 0 ? e.id : `${e.id}-${i}`,
            messageId: `${e.id}-${i}`,
            direction: 'received',
            from: { id: '', name: l.from },
            to,
            toAll: l.toAll || undefined,
            text: l.text,
            via: 'turn',
            at: e.at,
          }),
        );
      } else {
        out.push(e);
        // The person wrote to a session they had stopped: they are back in control of it.
        if (this.holds.get(sessionId)?.reason === 'stopped') {
          this.holds.delete(sessionId);
          this.refreshCards();
          this.changed();
        }
      }
    }
    return out;
  }

  /** Events from a session, after they are applied: a turn that ends lets deliveries go. */
  observe(sessionId: string, events: readonly SessionEvent[]): void {
    let ready = false;
    for (const e of events) {
      if (e.kind === 'status') ready = isIdleStatus(e.status);
      else if (e.kind === 'result' && e.result.interrupted && !this.holds.has(sessionId)) {
        this.holds.set(sessionId, {
          reason: 'stopped',
          message: 'You stopped this session, so messages from the team wait until you write to it or deliver them.',
          since: this.now(),
        });
        this.refreshCards();
        this.changed();
      } else if (e.kind === 'info' && e.info.title !== undefined) {
        const me = this.member(sessionId);
        if (me && this.board.renamed(party(me))) this.keepBoard();
        this.changed();
      }
    }
    if (ready) this.schedule(sessionId);
  }

  created(): void {
    this.changed();
  }

  /** A session closed: what still waited for it is dropped; its server goes. */
  closed(sessionId: string): void {
    this.servers.delete(sessionId);
    this.holds.delete(sessionId);
    this.problems.delete(sessionId);
    this.guard.reset(sessionId);
    let touched = false;
    for (const m of this.log) {
      for (const r of m.to) {
        if (r.party.id === sessionId && r.state === 'pending') {
          r.state = 'dropped';
          touched = true;
        }
      }
    }
    if (touched) this.refreshCards();
    this.changed();
  }

  dispose(): void {
    this.disposed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.listeners.clear();
  }

  // ---- the state the window shows ---------------------------------------------------------

  state(): TeamState {
    const members = this.members();
    const shown = this.log.slice(-LOG_SHOWN);
    return {
      paused: this.paused,
      capPerMinute: this.capPerMinute,
      members: members.map((m) => ({
        id: m.id,
        name: m.name,
        cwd: m.cwd,
        waiting: this.pendingFor(m.id).length,
        hold: this.holds.get(m.id),
        recentDeliveries: this.guard.recent(m.id),
        problem: this.problems.get(m.id),
      })),
      messages: shown.map((m) => this.messageView(m)),
      tasks: this.board.list(),
      ...(this.notice ? { notice: this.notice } : {}),
    };
  }

  // ---- what the person does in the Team panel ----------------------------------------------

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.refreshCards();
    this.changed();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.refreshCards();
    this.changed();
    for (const m of this.members()) this.schedule(m.id);
  }

  /** Deliver what waits for a session now (or as soon as its turn ends): the person said so. */
  release(sessionId: string): void {
    const m = this.requireMember(sessionId);
    this.holds.delete(m.id);
    this.problems.delete(m.id);
    this.guard.reset(m.id);
    this.refreshCards();
    this.changed();
    // While the team is paused this only lifts the hold; resuming lets the messages go.
    this.schedule(m.id);
  }

  addTask(input: { title: string; description?: string; assignee?: string }): TeamTask {
    const assignee = input.assignee ? this.requireMember(input.assignee) : undefined;
    return this.boardChange(() => this.board.create(PERSON, { title: input.title, description: input.description, assignee: assignee && party(assignee) }));
  }

  editTask(input: { taskId: string } & TaskPatch): TeamTask {
    const { taskId, ...patch } = input;
    return this.boardChange(() => this.board.edit(PERSON, taskId, patch));
  }

  reassignTask(taskId: string, assignee: string | null): TeamTask {
    const to = assignee === null ? undefined : party(this.requireMember(assignee));
    return this.boardChange(() => this.board.assign(PERSON, taskId, to));
  }

  removeTask(taskId: string): void {
    this.boardChange(() => this.board.remove(taskId));
  }

  // ---- what the tools do (each call names the calling session) -----------------------------

  /** The caller and the other open sessions. */
  team(callerId: string): { you: Member; others: Member[]; paused: boolean } {
    const members = this.members();
    const you = members.find((m) => m.id === callerId);
    if (!you) throw gone();
    return { you, others: members.filter((m) => m.id !== callerId), paused: this.paused };
  }

  pendingFor(sessionId: string): Logged[] {
    return this.log.filter((m) => m.to.some((r) => r.party.id === sessionId && r.state === 'pending'));
  }

  holdOf(sessionId: string): TeamHold | undefined {
    return this.holds.get(sessionId);
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Put a message in the inboxes of `to` (a session's name or id, or "all"). */
  sendMessage(callerId: string, to: string, text: string, toolUseId?: string): { message: Logged; recipients: Member[] } {
    const { you, others } = this.team(callerId);
    const body = text.trim();
    if (!body) throw invalid('The message is empty.', 'Write what you want the other session to know or do.');
    if (body.length > MAX_MESSAGE_CHARS) {
      throw invalid(
        `The message is ${body.length} characters long; the limit is ${MAX_MESSAGE_CHARS}.`,
        'Shorten it, or put the details in a file and send its path.',
      );
    }
    const toAll = /^(all|everyone|everybody|\*)$/i.test(to.trim());
    let recipients: Member[];
    if (toAll) {
      if (others.length === 0) throw invalid('No other session is open, so there is nobody to message.', 'The person can open another tab.');
      recipients = others;
    } else {
      const found = findMember([you, ...others], to);
      if (!found) {
        throw invalid(
          `No open session is called "${to.trim()}".`,
          others.length > 0 ? `Open sessions: ${others.map((m) => `"${m.name}"`).join(', ')} (or "all").` : 'No other session is open.',
        );
      }
      if (found.id === you.id) throw invalid(`"${you.name}" is you; a message to yourself would go nowhere.`, 'Pick another session from list_team.');
      recipients = [found];
    }
    for (const r of recipients) {
      const waiting = this.pendingFor(r.id).length;
      if (waiting >= MAX_WAITING) {
        throw invalid(`"${r.name}" already has ${waiting} messages waiting.`, 'Wait until it has caught up before sending more.');
      }
    }
    const message: Logged = {
      id: this.newId(),
      from: party(you),
      fromCwd: you.cwd,
      toAll,
      text: body,
      at: this.now(),
      to: recipients.map((r) => ({ party: party(r), state: 'pending' })),
      toolUseId,
      senderMode: you.view.info.permissionMode,
    };
    this.log.push(message);
    this.trimLog();
    this.refreshCards();
    this.changed();
    for (const r of recipients) this.schedule(r.id);
    return { message, recipients };
  }

  /** How a just-sent message will reach a recipient, in words for the sender. */
  outlook(recipient: Member): string {
    if (this.paused) return `the person has paused the team, so it waits until they resume it`;
    const hold = this.holds.get(recipient.id);
    if (hold?.reason === 'cap')
      return `"${recipient.name}" has had ${this.capPerMinute} messages delivered within a minute, so it waits for the person to let it through`;
    if (hold?.reason === 'stopped') return `the person stopped "${recipient.name}", so it waits until they let it through`;
    if (isIdleStatus(recipient.status)) return `"${recipient.name}" is idle and gets it as a new turn now`;
    if (recipient.status === 'ended' || recipient.status === 'failed')
      return `"${recipient.name}" has ${recipient.status}; it gets the message if the person resumes it`;
    return `"${recipient.name}" is ${recipient.status === 'waiting' ? 'waiting for the person' : recipient.status}; the message waits in its inbox until its turn ends`;
  }

  /**
   * Messages waiting for the caller, which it reads now (so they are not delivered again as a
   * turn). While the team is paused nothing is handed out.
   */
  readInbox(callerId: string, includeRead: number): { fresh: Logged[]; earlier: Logged[]; paused: boolean; held: number } {
    const { you } = this.team(callerId);
    const earlier =
      includeRead > 0
        ? this.log.filter((m) => m.to.some((r) => r.party.id === you.id && (r.state === 'delivered' || r.state === 'read'))).slice(-includeRead)
        : [];
    const pending = this.pendingFor(you.id);
    if (this.paused) return { fresh: [], earlier, paused: true, held: pending.length };
    const at = this.now();
    for (const m of pending) for (const r of m.to) if (r.party.id === you.id && r.state === 'pending') Object.assign(r, { state: 'read', at });
    if (pending.length > 0) {
      this.host.emit(
        you.id,
        pending.map((m) => this.receivedCard(m, you.id, `team-read-${m.id}-${you.id}`, 'inbox', at)),
      );
      this.refreshCards();
      this.changed();
    }
    return { fresh: pending, earlier, paused: false, held: 0 };
  }

  listTasks(): TeamTask[] {
    return this.board.list();
  }

  createTask(callerId: string, input: { title: string; description?: string; assignee?: string }): TeamTask {
    const { you, others } = this.team(callerId);
    let assignee: Member | undefined;
    if (input.assignee && input.assignee.trim()) {
      assignee = /^(me|myself|self)$/i.test(input.assignee.trim()) ? you : findMember([you, ...others], input.assignee);
      if (!assignee)
        throw invalid(`No open session is called "${input.assignee.trim()}".`, `Open sessions: ${[you, ...others].map((m) => `"${m.name}"`).join(', ')}.`);
    }
    return this.boardChange(() => this.board.create(party(you), { title: input.title, description: input.description, assignee: assignee && party(assignee) }));
  }

  claimTask(callerId: string, taskId: string): TeamTask {
    const { you } = this.team(callerId);
    return this.boardChange(() => this.board.claim(party(you), taskId, (id) => this.member(id) !== undefined));
  }

  updateTask(callerId: string, taskId: string, status: TeamTaskStatus, note?: string): TeamTask {
    const { you } = this.team(callerId);
    return this.boardChange(() => this.board.edit(party(you), taskId, { status, note }));
  }

  // ---- internals ----------------------------------------------------------------------------

  private members(): Member[] {
    return roster(this.host.sessions());
  }

  private member(id: string): Member | undefined {
    return this.members().find((m) => m.id === id);
  }

  private requireMember(id: string): Member {
    const m = this.member(id);
    if (!m) throw new ClideError({ kind: 'session-not-found', message: 'That session is not open.' });
    return m;
  }

  private boardChange<T>(f: () => T): T {
    const out = f();
    this.keepBoard();
    this.changed();
    return out;
  }

  /** Keep the board on disk. A failed write is told, never thrown: the change stands. */
  private keepBoard(): void {
    if (!this.boardFile) return;
    try {
      saveBoard(this.boardFile, this.board.saved());
      // Saved: a board that could not be read before is replaced by this one now.
      this.notice = undefined;
    } catch (err) {
      this.notice = `The task board could not be saved (${(err as Error).message}); changes last until clide closes.`;
    }
  }

  private schedule(sessionId: string): void {
    if (this.scheduled.has(sessionId) || this.disposed) return;
    this.scheduled.add(sessionId);
    this.defer(() => {
      this.scheduled.delete(sessionId);
      if (!this.disposed) this.tryDeliver(sessionId);
    });
  }

  private tryDeliver(sessionId: string): void {
    if (this.paused || this.holds.has(sessionId)) return;
    const m = this.member(sessionId);
    if (!m) return;
    const pending = this.pendingFor(sessionId);
    if (pending.length === 0) return;
    // Only an idle session, with nothing of the person's still queued for it.
    if (!isIdleStatus(m.status) || queued(m) > 0 || m.view.pending.length > 0) return;
    if (this.guard.full(sessionId)) {
      this.holds.set(sessionId, {
        reason: 'cap',
        message: `${m.name} received ${this.capPerMinute} messages from the team within a minute. To stop a loop between sessions, further messages wait for you.`,
        since: this.now(),
      });
      this.refreshCards();
      this.changed();
      return;
    }
    // One speaker per turn: the oldest waiting message's sender (in the mode it sent from), and
    // its other waiting messages; the others' go in the turns after.
    const first = pending[0]!;
    const sameSpeaker = pending.filter((l) => l.from.id === first.from.id && l.senderMode === first.senderMode);
    this.deliver(m, sameSpeaker.slice(0, MAX_PER_TURN));
  }

  private deliver(m: Member, letters: Logged[]): void {
    const text = envelope(letters.map((l): Letter => ({ from: l.from, fromCwd: l.fromCwd, toAll: l.toAll, text: l.text })));
    const speaker: Speaker = { kind: 'peer', session: letters[0]!.from.id, permissionMode: letters[0]!.senderMode };
    this.delivering = { sessionId: m.id, text, letters };
    try {
      this.host.send(m.id, text, speaker);
    } catch (err) {
      const why = err instanceof ClideError ? err.info.message : String(err);
      this.problems.set(m.id, `Could not deliver to ${m.name}: ${why}`);
      this.changed();
      return;
    } finally {
      this.delivering = undefined;
    }
    this.guard.record(m.id);
    this.problems.delete(m.id);
    const at = this.now();
    for (const l of letters) for (const r of l.to) if (r.party.id === m.id && r.state === 'pending') Object.assign(r, { state: 'delivered', at });
    this.refreshCards();
    this.changed();
    this.armExpiry(m.id);
    // More than one turn's worth: the rest go when this turn ends.
  }

  /** Refresh the shown delivery count when the oldest delivery leaves the one-minute window. */
  private armExpiry(sessionId: string): void {
    const at = this.guard.nextExpiry(sessionId);
    if (at === undefined || this.expiryTimer) return;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = undefined;
        this.changed();
        for (const m of this.members()) this.armExpiry(m.id);
      },
      Math.max(0, at - this.now()) + 50,
    );
    this.expiryTimer.unref?.();
  }

  private shownState(r: Recipient): TeamDeliveryState {
    if (r.state !== 'pending') return r.state;
    return this.paused || this.holds.has(r.party.id) ? 'held' : 'waiting';
  }

  private messageView(m: Logged): TeamMessage {
    const clipped = m.text.length > LOG_TEXT;
    return {
      id: m.id,
      from: m.from,
      to: m.to.map((r) => ({ ...r.party, state: this.shownState(r), at: r.at })),
      toAll: m.toAll,
      text: clipped ? `${m.text.slice(0, LOG_TEXT)}…` : m.text,
      clipped: clipped || undefined,
      at: m.at,
    };
  }

  private receivedCard(m: Logged, receiverId: string, id: string, via: 'turn' | 'inbox', at: number): SessionEvent {
    const r = m.to.find((x) => x.party.id === receiverId);
    return {
      kind: 'team-message',
      id,
      messageId: m.id,
      direction: 'received',
      from: m.from,
      to: [{ ...(r?.party ?? { id: receiverId, name: receiverId }), state: via === 'turn' ? 'delivered' : 'read' }],
      toAll: m.toAll || undefined,
      text: m.text,
      via,
      at,
    };
  }

  /** Re-send the sender's card of every message whose delivery state changed. */
  private refreshCards(): void {
    const open = new Set(this.host.sessions().map((s) => s.id));
    for (const m of this.log) {
      const to = m.to.map((r) => ({ ...r.party, state: this.shownState(r) }));
      const sig = to.map((t) => t.state).join(',');
      if (this.cards.get(m.id) === sig) continue;
      this.cards.set(m.id, sig);
      if (!open.has(m.from.id)) continue;
      this.host.emit(m.from.id, [
        {
          kind: 'team-message',
          id: `team-sent-${m.id}`,
          messageId: m.id,
          direction: 'sent',
          from: m.from,
          to,
          toAll: m.toAll || undefined,
          text: m.text,
          toolUseId: m.toolUseId,
          at: m.at,
        },
      ]);
    }
  }

  private trimLog(): void {
    if (this.log.length <= LOG_KEEP) return;
    // Drop the oldest settled messages; one still waiting for someone stays.
    const excess = this.log.length - LOG_KEEP;
    let dropped = 0;
    this.log = this.log.filter((m) => {
      if (dropped >= excess || m.to.some((r) => r.state === 'pending')) return true;
      dropped++;
      this.cards.delete(m.id);
      return false;
    });
  }

  private changed(): void {
    if (this.publishQueued || this.disposed) return;
    this.publishQueued = true;
    queueMicrotask(() => {
      this.publishQueued = false;
      if (this.disposed || this.listeners.size === 0) return;
      const state = this.state();
      for (const l of this.listeners) l(state);
    });
  }
}

/** Messages the person queued for this session (the message queue, answering.ts). */
function queued(m: Member): number {
  const q = (m.view as { queue?: readonly unknown[] }).queue;
  return q?.length ?? 0;
}

function party(m: Member): TeamParty {
  return { id: m.id, name: m.name };
}

function invalid(message: string, hint: string): ClideError {
  return new ClideError({ kind: 'invalid-input', message, hint });
}

function gone(): ClideError {
  return new ClideError({ kind: 'session-not-found', message: 'This session is no longer open in clide.' });
}
