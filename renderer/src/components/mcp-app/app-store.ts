// Which MCP servers' apps the person chose to see in a session, and the apps' pages already read.
// The choice is per server and per session, kept in memory only: a new window, or a restart,
// asks again, so untrusted content never runs without a click in this window.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { McpAppResource } from '../../../../shared/mcp';
import type { Result } from '../../../../shared/result';
import { answering } from '../composer/api-calls';

interface AppChoices {
  /** `${sessionId}\0${server}` of every server whose apps are shown. */
  shown: ReadonlySet<string>;
}

const choices = createStore<AppChoices>()(() => ({ shown: new Set<string>() }));
const key = (sessionId: string, server: string) => `${sessionId}\0${server}`;

export function useAppsShown(sessionId: string, server: string): boolean {
  return useStore(choices, (s) => s.shown.has(key(sessionId, server)));
}

export function showApps(sessionId: string, server: string, on: boolean): void {
  choices.setState((s) => {
    const shown = new Set(s.shown);
    if (on) shown.add(key(sessionId, server));
    else shown.delete(key(sessionId, server));
    return { shown };
  });
}

const refreshed = new Set<string>();

/** Ask for the session's MCP state again, at most once per server and session. */
export function refreshOnce(sessionId: string, server: string): void {
  if (refreshed.has(key(sessionId, server))) return;
  refreshed.add(key(sessionId, server));
  void answering.mcpStatus(sessionId);
}

// A card scrolled out of the virtualised list and back mounts again: it reuses the page read
// before rather than asking the server again. A failed read is not kept, so Retry asks again.
const pages = new Map<string, Promise<Result<McpAppResource>>>();

export function readApp(sessionId: string, server: string, uri: string): Promise<Result<McpAppResource>> {
  const k = `${key(sessionId, server)}\0${uri}`;
  let page = pages.get(k);
  if (!page) {
    page = answering.mcpReadApp(sessionId, server, uri);
    pages.set(k, page);
    void page.then((r) => {
      if (!r.ok) pages.delete(k);
    });
  }
  return page;
}
