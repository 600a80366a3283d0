// A host's past sessions: its CLI's transcripts (~/.claude/projects on the host) mirrored into
// clide's data dir, so History, resume, fork and the rest read them with the same code as local
// ones (history.ts). Transcripts only grow, so a sync fetches what each file gained since the
// last one (`tail -c +N`), in one channel for all files; a file that shrank (rewritten) is
// fetched again whole, and one that is gone on the host is removed here.
import fs from 'node:fs';
import path from 'node:path';
import { History } from '../history';
import type { SshMaster } from './ssh-master';

const NAME = /^[A-Za-z0-9._-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jsonl$/i;

/** Bytes fetched in one sync at most (a first sync of a huge history continues next time). */
const MAX_SYNC_BYTES = 512 * 1024 * 1024;

const PROJECTS = '"${CLAUDE_CONFIG_DIR:-$HOME/.claude}/projects"';

const LIST_SCRIPT = `
cd ${PROJECTS} 2>/dev/null || exit 0
find . -mindepth 2 -maxdepth 2 -type f -name '*.jsonl' -exec wc -c {} + 2>/dev/null
exit 0
`;

const FETCH_SCRIPT = `
cd ${PROJECTS} 2>/dev/null || exit 0
t=$(mktemp) || exit 4
trap 'rm -f "$t"' EXIT
while read -r off len f; do
  # ./ first: a project folder name starts with "-", which tail would take for an option.
  tail -c +$((off + 1)) "./$f" 2>/dev/null | head -c "$len" > "$t"
  printf 'F %s %s\\n' "$(wc -c < "$t" | tr -d ' ')" "$f"
  cat "$t"
done
`;

export class RemoteHistory {
  readonly history: History;
  private readonly projects: string;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly master: SshMaster,
    /** This host's own folder in the data dir. */
    readonly dir: string,
  ) {
    this.history = new History(dir);
    this.projects = path.join(dir, 'projects');
  }

  /** Whether anything was ever mirrored (History can show it without connecting). */
  get mirrored(): boolean {
    return fs.existsSync(this.projects);
  }

  /** Bring the mirror up to date (one sync at a time; a caller during one waits for it). */
  sync(): Promise<void> {
    this.syncing ??= this.run().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async run(): Promise<void> {
    const listed = await this.master.exec(LIST_SCRIPT, { timeoutMs: 60_000, maxBytes: 32 * 1024 * 1024 });
    if (listed.code !== 0) throw new Error(listed.stderr.trim() || `listing the transcripts failed (ssh exited with ${listed.code})`);
    const remote = new Map<string, number>();
    for (const line of listed.stdout.toString('utf8').split('\n')) {
      const m = /^\s*(\d+)\s+\.\/(.+)$/.exec(line);
      if (m?.[1] && m[2] && NAME.test(m[2])) remote.set(m[2], Number(m[1]));
    }
    const wanted: Array<{ rel: string; off: number; len: number }> = [];
    let budget = MAX_SYNC_BYTES;
    for (const [rel, size] of remote) {
      const local = sizeOf(path.join(this.projects, rel));
      const off = local !== undefined && local <= size ? local : 0;
      if (local !== undefined && local > size) fs.rmSync(path.join(this.projects, rel), { force: true });
      const len = Math.min(size - off, budget);
      if (len <= 0) continue;
      budget -= len;
      wanted.push({ rel, off, len });
    }
    this.removeGone(remote);
    if (wanted.length === 0) return;
    const input = wanted.map((w) => `${w.off} ${w.len} ${w.rel}\n`).join('');
    const fetched = await this.master.exec(FETCH_SCRIPT, { input, timeoutMs: 10 * 60_000, maxBytes: MAX_SYNC_BYTES + wanted.length * 200 });
    if (fetched.code !== 0) throw new Error(fetched.stderr.trim() || `fetching the transcripts failed (ssh exited with ${fetched.code})`);
    this.write(fetched.stdout, new Map(wanted.map((w) => [w.rel, w.off])));
  }

  /** Apply "F <length> <name>\n<bytes>" frames to the mirror. */
  private write(out: Buffer, offsets: Map<string, number>): void {
    let at = 0;
    while (at < out.length) {
      const nl = out.indexOf(0x0a, at);
      if (nl < 0) break;
      const m = /^F (\d+) (.+)$/.exec(out.subarray(at, nl).toString('utf8'));
      if (!m?.[1] || !m[2]) break;
      const len = Number(m[1]);
      const rel = m[2];
      const body = out.subarray(nl + 1, nl + 1 + len);
      at = nl + 1 + len;
      const off = offsets.get(rel);
      if (off === undefined || !NAME.test(rel) || body.length !== len) continue;
      const file = path.join(this.projects, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // Appended at the offset it was fetched from; a mirror changed meanwhile is fetched anew.
      if ((sizeOf(file) ?? 0) !== off) {
        fs.rmSync(file, { force: true });
        continue;
      }
      fs.appendFileSync(file, body);
    }
  }

  private removeGone(remote: Map<string, number>): void {
    let dirs: string[];
    try {
      dirs = fs.readdirSync(this.projects);
    } catch {
      return;
    }
    for (const d of dirs) {
      for (const f of safeList(path.join(this.projects, d))) {
        if (!remote.has(`${d}/${f}`)) fs.rmSync(path.join(this.projects, d, f), { force: true });
      }
    }
  }
}

function sizeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).size;
  } catch {
    return undefined;
  }
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
