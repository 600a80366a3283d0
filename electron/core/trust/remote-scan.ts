// A remote session's folder, scanned on its host before claude starts there: one sh script over
// the host's shared connection finds the checkout's top (the nearest folder above with a .git)
// and prints every file the scan reads, each as its path, its length and its bytes, so a file
// can hold any byte. The scan itself is the local one (scan.ts), over what came back.
import path from 'node:path';
import type { TrustItem } from '../../../shared/trust';
import { shQuote } from '../remote/shell-quote';
import type { TrustPlace } from './trust-service';
import { scanFolder } from './scan';

export interface RemoteExec {
  exec(script: string, opts: { timeoutMs?: number; maxBytes?: number }): Promise<{ code: number | null; stdout: Buffer; stderr: string }>;
}

const p = path.posix;
const FILES = [
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.mcp.json',
  '.clide/setup',
  '.clide/run',
  'CLAUDE.md',
  'CLAUDE.local.md',
  '.claude/CLAUDE.md',
];
const MAX_FILE = 256 * 1024;

export interface RemoteScan {
  place: TrustPlace;
  items: TrustItem[];
}

export async function scanRemoteFolder(host: RemoteExec, location: string, cwd: string, home: string): Promise<RemoteScan> {
  const script = `
d=$(cd ${shQuote(cwd)} 2>/dev/null && pwd -P) || { printf 'missing'; exit 0; }
top=$d
while [ "$top" != / ] && [ ! -e "$top/.git" ]; do top=$(dirname "$top"); done
[ -e "$top/.git" ] || top=$d
printf 'ok\\0%s\\0%s\\0' "$d" "$top"
dir=$d
while :; do
  for f in ${FILES.map(shQuote).join(' ')}; do
    if [ -f "$dir/$f" ] && [ -r "$dir/$f" ]; then
      n=$(head -c ${MAX_FILE} "$dir/$f" | wc -c | tr -d ' ')
      printf '%s\\0%s\\0' "$dir/$f" "$n"
      head -c ${MAX_FILE} "$dir/$f"
    fi
  done
  [ "$dir" = "$top" ] && break
  dir=$(dirname "$dir")
done
`;
  const out = await host.exec(script, { timeoutMs: 30_000, maxBytes: 8 * 1024 * 1024 });
  const buf = out.stdout;
  const field = (at: number): [string, number] => {
    const end = buf.indexOf(0, at);
    if (end < 0) throw new Error('cut short');
    return [buf.subarray(at, end).toString('utf8'), end + 1];
  };
  // No such folder: nothing can run from it; starting there fails with the launch line's own words.
  if (out.code === 0 && buf.toString('utf8') === 'missing') return { place: { root: cwd, folder: cwd, location }, items: [] };
  if (out.code !== 0 || !buf.subarray(0, 3).equals(Buffer.from('ok\0'))) throw new Error(out.stderr.trim() || 'the scan did not finish');
  const [folder, afterFolder] = field(3);
  const [top, afterTop] = field(afterFolder);
  let at = afterTop;
  const files = new Map<string, string>();
  while (at < buf.length) {
    let file: string;
    let len: string;
    [file, at] = field(at);
    [len, at] = field(at);
    const n = Number(len);
    files.set(file, buf.subarray(at, at + n).toString('utf8'));
    at += n;
  }
  const dirs: string[] = [];
  for (let dir = folder; ; dir = p.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === top || p.dirname(dir) === dir) break;
  }
  const items = scanFolder({
    dirs,
    base: top,
    files: { read: (abs) => files.get(p.normalize(abs)), real: (abs) => p.normalize(abs) },
    configDir: p.join(home, '.claude'),
    homeDir: home,
    paths: p,
  });
  return { place: { root: top, folder, location }, items };
}
