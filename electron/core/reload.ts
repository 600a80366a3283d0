// "Reload skills, plugins and output styles" for one session: asks the CLI to read them again
// from disk, says in the transcript what came of it, and keeps the session's lists (the slash
// menu's commands, the output style picker) up to date. Skills and output styles reload at once,
// in a turn too; plugins never do in a turn (they swap commands, hooks and MCP servers under it:
// see protocol/reload-control.ts), so while Claude is busy they wait for the turn to end.
import { randomUUID } from 'node:crypto';
import type { SessionEvent, SessionInfo } from '../../shared/events';
import { newNames, reloadSummary, type ReloadReport } from '../../shared/reload';
import type { Connection } from './protocol/connection';
import type { ReloadedPlugins } from './protocol/reload-control';

export interface ReloaderDeps {
  /** The live connection, starting the process first if the tab has none. */
  awake(): Promise<Connection>;
  /** The live connection now, if any (a retry after the turn never starts a process). */
  live(): Connection | undefined;
  /** Resolves when the running turn ends (or the next one, when none runs), or the process exits. */
  turnEnded(): Promise<void>;
  emit(events: SessionEvent[]): void;
  info(info: SessionInfo): void;
  /** Fetch the MCP servers' state again (plugins can bring servers). */
  refreshMcp(conn: Connection): void;
  now(): number;
}

/** How many turn ends a plugin reload waits through before it gives up (background agents keep a session busy). */
const MAX_WAITS = 20;

export class Reloader {
  private waiting = false;

  constructor(private readonly deps: ReloaderDeps) {}

  /** `before`: the session's commands and output styles as the window knows them, to say what is new. */
  async reload(before: { commands: readonly string[]; outputStyles: readonly string[] }): Promise<ReloadReport> {
    const conn = await this.deps.awake();
    let skills: string[], outputStyles: string[], plugins: ReloadedPlugins | 'busy';
    try {
      [skills, outputStyles, plugins] = await Promise.all([conn.reloadSkills(), conn.reloadOutputStyles(), conn.reloadPlugins()]);
    } catch (err) {
      // Said in the transcript too: the palette that asked has closed by now.
      this.deps.emit([this.notice('warning', `Skills, plugins and output styles were not reloaded: ${(err as Error).message}`)]);
      throw err;
    }
    const done = plugins === 'busy' ? undefined : plugins;
    // reload_plugins lists every command; a held one did not run, so the skills stand in for them.
    const commands = union(done ? done.commands : before.commands, skills);
    const report: ReloadReport = {
      commands,
      added: newNames(before.commands, commands),
      removed: done ? before.commands.filter((c) => !commands.includes(c)) : [],
      outputStyles,
      addedStyles: newNames(before.outputStyles, outputStyles),
      plugins: done?.plugins,
      pluginsWaiting: !done,
      errors: done?.errors ?? 0,
    };
    const busy = !done;
    this.deps.info({ outputStyles });
    this.deps.emit([this.notice(report.errors ? 'warning' : 'info', reloadSummary(report))]);
    if (busy) this.afterTurn(conn);
    else this.deps.refreshMcp(conn);
    return report;
  }

  private afterTurn(conn: Connection, waits = 0): void {
    if (this.waiting) return; // one retry is enough however often the person asks
    this.waiting = true;
    void this.deps.turnEnded().then(async () => {
      this.waiting = false;
      if (this.deps.live() !== conn) return; // the process went; a new one read everything at start
      let plugins: ReloadedPlugins | 'busy';
      try {
        plugins = await conn.reloadPlugins();
      } catch (err) {
        this.deps.emit([this.notice('warning', `Plugins were not reloaded: ${(err as Error).message}`)]);
        return;
      }
      if (plugins === 'busy') {
        if (waits + 1 < MAX_WAITS) this.afterTurn(conn, waits + 1);
        else this.deps.emit([this.notice('warning', 'Plugins were not reloaded: Claude stayed busy. Reload again once it is idle.')]);
        return;
      }
      const n = plugins.plugins.length;
      const errors = plugins.errors ? ` · ${plugins.errors} plugin error${plugins.errors === 1 ? '' : 's'}` : '';
      this.deps.emit([
        this.notice(
          plugins.errors ? 'warning' : 'info',
          `Reloaded plugins after the turn: ${n} plugin${n === 1 ? '' : 's'}, ${plugins.commands.length} commands${errors}.`,
        ),
      ]);
      this.deps.refreshMcp(conn);
    });
  }

  private notice(level: 'info' | 'warning', text: string): SessionEvent {
    return { kind: 'notice', id: randomUUID(), level, code: 'reload', text, at: this.deps.now() };
  }
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
