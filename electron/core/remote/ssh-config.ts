// The hosts a person has named in their ssh client config (~/.ssh/config and the files its
// `Include` lines pull in), for the New session host list. Only names are read here: ssh itself
// applies the config when it connects (and `ssh -G` says what it resolved), so patterns,
// `Match` blocks and every other option are left to ssh and never re-implemented.
import fs from 'node:fs';
import path from 'node:path';

export interface ConfigHost {
  alias: string;
  hostName?: string;
  user?: string;
  port?: number;
  /** The file that names it. */
  file: string;
}

export interface ConfigHosts {
  hosts: ConfigHost[];
  /** Files that could not be read (a missing main config is not a problem). */
  problems: string[];
}

/** ssh's own limit for nested Include. */
const MAX_DEPTH = 16;

/** Split a config line into its keyword and arguments (`Key value`, `Key=value`, "quoted args"). */
export function configLine(line: string): { key: string; args: string[] } | undefined {
  const text = line.trim();
  if (!text || text.startsWith('#')) return undefined;
  const m = /^([A-Za-z][A-Za-z0-9]*)\s*(?:=\s*|\s+)(.*)$/.exec(text);
  if (!m?.[1]) return undefined;
  const args: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let a = re.exec(m[2] ?? ''); a; a = re.exec(m[2] ?? '')) {
    const word = a[1] ?? a[2] ?? '';
    if (a[2]?.startsWith('#')) break;
    args.push(word);
  }
  return { key: m[1].toLowerCase(), args };
}

/** Whether a Host pattern names one host (no wildcard, no negation). */
function isPlainName(pattern: string): boolean {
  return !/[*?!]/.test(pattern) && /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(pattern);
}

export function readConfigHosts(configFile: string, homeDir: string): ConfigHosts {
  const out: ConfigHosts = { hosts: [], problems: [] };
  const seen = new Set<string>();
  // Include paths that are not absolute are taken from ~/.ssh for the user's config.
  const base = path.join(homeDir, '.ssh');
  const read = (file: string, depth: number, required: boolean) => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (required || code !== 'ENOENT') out.problems.push(`${file}: ${code === 'EACCES' ? 'permission denied' : (err as Error).message}`);
      return;
    }
    let current: ConfigHost[] = [];
    for (const line of text.split(/\r?\n/)) {
      const parsed = configLine(line);
      if (!parsed) continue;
      const { key, args } = parsed;
      if (key === 'host') {
        current = [];
        for (const pattern of args) {
          if (!isPlainName(pattern) || seen.has(pattern)) continue;
          seen.add(pattern);
          const host: ConfigHost = { alias: pattern, file };
          out.hosts.push(host);
          current.push(host);
        }
      } else if (key === 'match') {
        current = [];
      } else if (key === 'include') {
        if (depth >= MAX_DEPTH) {
          out.problems.push(`${file}: Include nested more than ${MAX_DEPTH} deep`);
          continue;
        }
        for (const arg of args) for (const f of expandInclude(arg, homeDir, base)) read(f, depth + 1, false);
      } else {
        // First value wins, as in ssh.
        for (const host of current) {
          if (key === 'hostname' && host.hostName === undefined) host.hostName = args[0];
          else if (key === 'user' && host.user === undefined) host.user = args[0];
          else if (key === 'port' && host.port === undefined && /^\d{1,5}$/.test(args[0] ?? '')) host.port = Number(args[0]);
        }
      }
    }
  };
  read(configFile, 0, false);
  return out;
}

/** The files an Include argument names: `~` expanded, relative to ~/.ssh, `*` and `?` globbed. */
export function expandInclude(arg: string, homeDir: string, base: string): string[] {
  let p = arg.startsWith('~/') ? path.join(homeDir, arg.slice(2)) : arg;
  if (!path.isAbsolute(p)) p = path.join(base, p);
  const parts = p.split(path.sep).filter(Boolean);
  let dirs: string[] = [path.sep];
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const next: string[] = [];
    for (const dir of dirs) {
      if (!/[*?]/.test(part)) {
        next.push(path.join(dir, part));
        continue;
      }
      const re = globToRegExp(part);
      let names: string[];
      try {
        names = fs.readdirSync(dir).sort();
      } catch {
        continue;
      }
      for (const name of names) if (re.test(name) && !name.startsWith('.')) next.push(path.join(dir, name));
    }
    dirs = last ? next : next.filter((d) => isDir(d));
  }
  return dirs.filter((f) => !isDir(f));
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
