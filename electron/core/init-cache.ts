// What a tab shows before its `claude` process starts: the models, slash commands, CLI version
// and account the last `initialize` answer in that folder (else in any folder) gave, and the
// context count a new session there started with. Kept in the data dir, so a restart shows
// restored tabs complete without starting a process for each; refreshed whenever a process
// starts. Tied to the CLI binary it came from: an upgraded CLI has other commands and another
// version, so its answers are not used for it.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../shared/lazy-schema';
import { CommandInfoSchema, ContextUsageSchema, ModelInfoSchema, type ContextUsage, type SessionInfo } from '../../shared/events';
import { readJsonFile, writeJsonFileAtomic } from './json-file';

const CliSchema = lazySchema(() => z.object({ path: z.string(), size: z.number(), mtimeMs: z.number() }));
export type CliIdentity = z.infer<typeof CliSchema>;

const CachedInfoSchema = lazySchema(() =>
  z.object({
    models: z.array(ModelInfoSchema).optional(),
    commands: z.array(CommandInfoSchema).optional(),
    cliVersion: z.string().optional(),
    outputStyle: z.string().optional(),
    apiKeySource: z.string().optional(),
  }),
);

const EntrySchema = lazySchema(() =>
  z.object({
    at: z.number(),
    cli: CliSchema,
    info: CachedInfoSchema,
    /** The permission mode the CLI picked itself here (a session started without --permission-mode). */
    cliMode: z.string().optional(),
    /** The context a new session started with, by the --model it was given ('' for none). */
    context: z.record(z.string(), ContextUsageSchema).default({}),
  }),
);
type Entry = z.infer<typeof EntrySchema>;

const FileSchema = lazySchema(() => z.object({ version: z.literal(1), folders: z.record(z.string(), EntrySchema) }));
type CacheFile = z.infer<typeof FileSchema>;

/** Folders kept; the oldest answers go first. */
const MAX_FOLDERS = 50;

/** The binary a `claude` path runs, as far as a change of it can be told (an upgrade replaces it). */
export function cliIdentity(command: string): CliIdentity | undefined {
  try {
    const st = fs.statSync(command);
    return { path: command, size: st.size, mtimeMs: Math.round(st.mtimeMs) };
  } catch {
    return undefined;
  }
}

function sameCli(a: CliIdentity, b: CliIdentity): boolean {
  return a.path === b.path && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

/** Project commands (`.claude/commands` of a folder) belong to that folder only. */
function withoutProjectCommands(info: SessionInfo): SessionInfo {
  return info.commands ? { ...info, commands: info.commands.filter((c) => !c.description.includes('(project)')) } : info;
}

export class InitCache {
  private readonly file: string | undefined;
  private data: CacheFile = { version: 1, folders: {} };
  private lastError: string | undefined;

  constructor(
    dataDir: string | undefined,
    private readonly log: (message: string) => void = (m) => console.warn(`[clide] ${m}`),
  ) {
    this.file = dataDir ? path.join(dataDir, 'init-cache.json') : undefined;
    if (!this.file) return;
    const r = readJsonFile(this.file, FileSchema, this.data);
    this.data = r.value;
    if (r.warning) this.log(r.warning);
  }

  /**
   * What to show in a tab in `cwd` before its process starts: that folder's last answer from
   * this CLI, else the newest from any folder (without the other folder's project commands).
   * `permissionMode` is what the CLI would pick without a flag, when known.
   */
  lookup(cwd: string, cli: CliIdentity | undefined): { info: SessionInfo; cliMode?: string } | undefined {
    if (!cli) return undefined;
    const own = this.data.folders[cwd];
    if (own && sameCli(own.cli, cli)) return { info: own.info, cliMode: own.cliMode };
    let newest: Entry | undefined;
    for (const e of Object.values(this.data.folders)) if (sameCli(e.cli, cli) && (!newest || e.at > newest.at)) newest = e;
    return newest ? { info: withoutProjectCommands(newest.info) } : undefined;
  }

  /** A process in `cwd` answered `initialize`. `modeFlag`: the --permission-mode it was given. */
  remember(cwd: string, cli: CliIdentity | undefined, info: SessionInfo, modeFlag: string | undefined): void {
    if (!cli) return;
    const prev = this.data.folders[cwd];
    const kept = prev && sameCli(prev.cli, cli) ? prev : undefined;
    const entry: Entry = {
      at: Date.now(),
      cli,
      info: { models: info.models, commands: info.commands, cliVersion: info.cliVersion, outputStyle: info.outputStyle, apiKeySource: info.apiKeySource },
      cliMode: modeFlag === undefined ? info.permissionMode : kept?.cliMode,
      context: kept?.context ?? {},
    };
    this.put(cwd, entry);
  }

  /** The context count of a session that had not had a message yet, started with `--model modelFlag`. */
  rememberContext(cwd: string, cli: CliIdentity | undefined, modelFlag: string | undefined, usage: ContextUsage): void {
    const e = this.data.folders[cwd];
    if (!cli || !e || !sameCli(e.cli, cli)) return;
    const { cached: _cached, ...fresh } = usage;
    this.put(cwd, { ...e, context: { ...e.context, [modelFlag ?? '']: fresh } });
  }

  context(cwd: string, cli: CliIdentity | undefined, modelFlag: string | undefined): ContextUsage | undefined {
    const e = this.data.folders[cwd];
    if (!cli || !e || !sameCli(e.cli, cli)) return undefined;
    const usage = e.context[modelFlag ?? ''];
    return usage && { ...usage, cached: true };
  }

  private put(cwd: string, entry: Entry): void {
    const folders = { ...this.data.folders, [cwd]: entry };
    const names = Object.keys(folders);
    if (names.length > MAX_FOLDERS) {
      names.sort((a, b) => folders[a]!.at - folders[b]!.at);
      for (const old of names.slice(0, names.length - MAX_FOLDERS)) delete folders[old];
    }
    this.data = { version: 1, folders };
    if (!this.file) return;
    try {
      writeJsonFileAtomic(this.file, this.data);
      this.lastError = undefined;
    } catch (err) {
      // Still used for this run; said once, not at every process start.
      const message = `Could not save ${this.file}: ${(err as Error).message}`;
      if (message !== this.lastError) this.log(message);
      this.lastError = message;
    }
  }
}
