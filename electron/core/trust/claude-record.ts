// Claude Code's own trust record: `projects[<folder>].hasTrustDialogAccepted` in its global config
// file (`$CLAUDE_CONFIG_DIR/.claude.json`, else `~/.claude.json`; an older `.config.json` in the
// config dir wins where it exists, as in 2.1.332). Claude Code counts a folder as trusted when it
// or a folder above it has the flag, so clide reads it the same way: a folder trusted in the
// terminal is trusted here. clide writes the flag only for the one folder it changes, re-reading
// the file just before an atomic replace, and never for the home folder (Claude Code keeps the
// home folder's trust for one session only, and a flag there would trust every folder below it).
import fs from 'node:fs';
import path from 'node:path';

export function claudeGlobalFile(env: NodeJS.ProcessEnv, homeDir: string): string {
  const dir = env.CLAUDE_CONFIG_DIR?.trim();
  if (dir) return path.join(dir, '.claude.json');
  const legacy = path.join(homeDir, '.claude', '.config.json');
  try {
    if (fs.statSync(legacy).size > 0) return legacy;
  } catch {
    // No legacy file: the usual place.
  }
  return path.join(homeDir, '.claude.json');
}

type Projects = Record<string, { hasTrustDialogAccepted?: unknown } | undefined>;

export class ClaudeRecord {
  private cached: { stamp: string; value: Record<string, unknown> | undefined } | undefined;

  constructor(
    private readonly file: string,
    private readonly homeDir: string,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** The folder (this one or one above it) whose flag trusts `folder`, if any. */
  trusting(folder: string): string | undefined {
    const projects = this.read()?.projects as Projects | undefined;
    if (!projects) return undefined;
    for (let dir = folder; ; dir = path.dirname(dir)) {
      if (projects[dir]?.hasTrustDialogAccepted === true) return dir;
      if (path.dirname(dir) === dir) return undefined;
    }
  }

  /** Set (or clear) the flag of exactly this folder. Returns whether the file was changed. */
  set(folder: string, trusted: boolean): boolean {
    if (trusted && path.resolve(folder) === path.resolve(this.homeDir)) return false;
    let raw: string | undefined;
    try {
      raw = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return this.skip(`could not read it: ${(err as Error).message}`);
    }
    let config: Record<string, unknown> = {};
    if (raw !== undefined && raw.trim()) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return this.skip('it does not hold a JSON object');
        config = parsed as Record<string, unknown>;
      } catch {
        // Half written by Claude Code at this moment, or damaged: never overwrite what we cannot read.
        return this.skip('it is not valid JSON right now');
      }
    }
    const projects: Projects = typeof config.projects === 'object' && config.projects !== null ? { ...(config.projects as Projects) } : {};
    const current = projects[folder];
    if ((current?.hasTrustDialogAccepted === true) === trusted) return false;
    if (!trusted && !current) return false;
    projects[folder] = { ...(current ?? {}), hasTrustDialogAccepted: trusted };
    const text = `${JSON.stringify({ ...config, projects }, null, 2)}\n`;
    const tmp = `${this.file}.clide-${process.pid}.tmp`;
    try {
      const mode = raw === undefined ? 0o600 : fs.statSync(this.file).mode & 0o777;
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(tmp, text, { mode });
      fs.renameSync(tmp, this.file);
      return true;
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      return this.skip(`could not write it: ${(err as Error).message}`);
    }
  }

  /** Parsed again only when the file changed: it can be megabytes, and tabs are checked often. */
  private read(): Record<string, unknown> | undefined {
    let stamp: string;
    try {
      const st = fs.statSync(this.file);
      stamp = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch {
      return undefined;
    }
    if (this.cached?.stamp === stamp) return this.cached.value;
    let value: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(this.file, 'utf8'));
      value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      value = undefined;
    }
    this.cached = { stamp, value };
    return value;
  }

  private skip(why: string): false {
    this.log(`[clide] Claude Code's trust record in ${this.file} was left as it is: ${why}.`);
    return false;
  }
}
