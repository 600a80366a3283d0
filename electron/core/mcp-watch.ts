// A session's MCP servers in its view (info.mcp): every mcp_status answer is pushed to every
// window, whoever asked. Asked when a window shows the tab, when the CLI's init lists servers,
// and after each reconnect or switch. The CLI tells nothing when a server finishes starting, so
// while one is still `pending` the list is asked again, a bounded number of times.
import type { McpChange, McpServerStatus, McpState } from '../../shared/mcp';
import type { Connection } from './protocol/connection';

export interface McpWatchOptions {
  emit(state: McpState): void;
  now(): number;
  /** How long to wait before asking again while a server is pending. */
  pendingPollMs?: number;
  /** How many times to ask again in a row before leaving a server pending. */
  maxPolls?: number;
}

/** A server being reconnected or enabled may take a while to start; longer than the usual control timeout. */
const CHANGE_TIMEOUT_MS = 60_000;

export class McpWatch {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polls = 0;

  constructor(private readonly opts: McpWatchOptions) {}

  async refresh(conn: Connection): Promise<McpServerStatus[]> {
    const servers = await conn.mcpStatus();
    this.opts.emit({ servers, at: this.opts.now() });
    this.followPending(conn, servers);
    return servers;
  }

  /** Refresh without waiting; a failure (the process ended meanwhile) changes nothing. */
  refreshSoon(conn: Connection): void {
    this.refresh(conn).catch(() => {});
  }

  /** Reconnect or switch a server; the list is refreshed either way, then a refusal is thrown with the CLI's reason. */
  async change(conn: Connection, change: McpChange): Promise<McpServerStatus[]> {
    const call =
      change.action === 'reconnect'
        ? conn.mcpReconnect(change.server, CHANGE_TIMEOUT_MS)
        : conn.mcpToggle(change.server, change.action === 'enable', CHANGE_TIMEOUT_MS);
    return this.thenRefresh(conn, call);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.polls = 0;
  }

  private async thenRefresh(conn: Connection, call: Promise<void>): Promise<McpServerStatus[]> {
    let failure: unknown;
    try {
      await call;
    } catch (err) {
      failure = err;
    }
    const servers = await this.refresh(conn);
    if (failure !== undefined) throw failure;
    return servers;
  }

  private followPending(conn: Connection, servers: readonly McpServerStatus[]): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!servers.some((s) => s.status === 'pending')) {
      this.polls = 0;
      return;
    }
    if (this.polls >= (this.opts.maxPolls ?? 30)) return;
    this.polls += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refreshSoon(conn);
    }, this.opts.pendingPollMs ?? 1000);
    this.timer.unref?.();
  }
}
