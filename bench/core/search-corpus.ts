// Transcripts for H1, generated into a temporary projects dir: sessions shaped as the CLI
// writes them (records of the 1.x-2.x formats with their bookkeeping fields: usage, request
// ids, file-history snapshots, a `toolUseResult` repeating each tool's output, an Edit's whole
// original file, a file read's numbered lines), with real English and real code: lines drawn
// at random from the Markdown and JavaScript/TypeScript files in node_modules, so the
// vocabulary and word frequencies are those of real text. A quarter of the sessions are of the pinned CLI's format (2.1.332),
// which also writes request and prompt records around the conversation: those lines are
// copied from the recorded fixture (fixtures/transcripts/2.1.332-background-agent), once per
// session, per turn and per API call as the CLI writes them. Deterministic for a given size
// (seeded; sorted file list).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();

export interface Pools {
  prose: string[];
  code: string[];
}

/** Lines of text and code from the packages installed for the project. */
export function loadPools(maxProse = 200_000, maxCode = 600_000): Pools {
  const prose: string[] = [];
  const code: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (prose.length >= maxProse && code.length >= maxCode) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 8) walk(p, depth + 1);
      else if (e.isFile() && /\.(md|js|ts)$/.test(e.name)) {
        const into = e.name.endsWith('.md') ? prose : code;
        if (into.length >= (into === prose ? maxProse : maxCode)) continue;
        let text: string;
        try {
          if (fs.statSync(p).size > 200_000) continue;
          text = fs.readFileSync(p, 'utf8');
        } catch {
          continue;
        }
        for (const l of text.split('\n')) if (l.trim().length > 3 && l.length < 300) into.push(l);
      }
    }
  };
  walk(path.join(root, 'node_modules'), 0);
  if (prose.length < 1000 || code.length < 1000) throw new Error('node_modules has too little text to build the H1 corpus; run npm ci');
  return { prose, code };
}

export class Rng {
  constructor(private s: number) {}
  next(): number {
    // xorshift32: fast, deterministic, good enough to pick lines.
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s / 0x100000000;
  }
  pick<T>(a: readonly T[]): T {
    return a[Math.floor(this.next() * a.length)]!;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
}

function lines(rng: Rng, pool: readonly string[], n: number, sep = '\n'): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(pool));
  return out.join(sep);
}

const TOOLS = ['Bash', 'Read', 'Edit', 'Grep'] as const;

/** The bookkeeping lines CLI 2.1.332 writes, by when it writes them (see fixtures/transcripts). */
interface Bookkeeping {
  session: string[];
  turn: string[];
  call: string[];
  end: string[];
}

function bookkeeping(): Bookkeeping {
  const file = path.join(
    root,
    'fixtures',
    'transcripts',
    '2.1.332-background-agent',
    'projects',
    '-tmp-clide-fixture-work',
    '305e9d32-7225-45f7-823c-2d7affbfa280.jsonl',
  );
  const recs = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const kind = (l: string) => {
    const r = JSON.parse(l) as { type?: string; attachment?: { type?: string } };
    return r.attachment?.type ? `attachment:${r.attachment.type}` : (r.type ?? '');
  };
  const of = (...kinds: string[]) => recs.filter((l) => kinds.includes(kind(l)));
  const once = (k: string) => of(k).slice(0, 1);
  return {
    session: [
      ...of(
        'attachment:environment',
        'attachment:model',
        'attachment:deferred_tools_delta',
        'attachment:agent_listing_delta',
        'attachment:skill_listing',
        'attachment:session_context',
        'attachment:date',
        'attachment:remote_session_change',
      ),
      ...once('api-request-shape'),
      ...of('api-request-blob').slice(0, 2),
    ],
    turn: [...of('queue-operation').slice(0, 2), ...once('attachment:prompt_snapshot'), ...once('last-prompt'), ...once('atis-latch')],
    call: [...once('api-request'), ...once('tools-used')],
    end: once('cost-state'),
  };
}

/** Write sessions under `projectsDir` until about `bytes` are written; returns the bytes written. */
export function writeCorpus(projectsDir: string, bytes: number, pools: Pools, seed = 1): { bytes: number; files: number } {
  const rng = new Rng(seed);
  const cli = bookkeeping();
  let written = 0;
  let files = 0;
  let clock = Date.UTC(2025, 0, 1);
  while (written < bytes) {
    const project = `-home-dev-project-${files % 40}`;
    const cwd = `/home/dev/project-${files % 40}`;
    const sessionId = randomUUID();
    const dir = path.join(projectsDir, project);
    fs.mkdirSync(dir, { recursive: true });
    const fd = fs.openSync(path.join(dir, `${sessionId}.jsonl`), 'w');
    const version = rng.pick(['1.0.58', '1.0.96', '2.0.14', '2.1.332']);
    const pinned = version === '2.1.332';
    const meta = {
      isSidechain: false,
      userType: 'external',
      cwd,
      sessionId,
      version,
      gitBranch: 'main',
      ...(pinned ? { entrypoint: 'sdk-cli', permissionMode: 'default', promptSource: 'sdk' } : {}),
    };
    let parent: string | null = null;
    let buf: string[] = [];
    let size = 0;
    const emit = (r: object) => {
      const l = `${JSON.stringify(r)}\n`;
      buf.push(l);
      size += l.length;
      if (buf.length >= 256) {
        fs.writeSync(fd, buf.join(''));
        buf = [];
      }
    };
    const rec = (r: Record<string, unknown>) => {
      const uuid = randomUUID();
      clock += rng.int(500, 20_000);
      emit({ parentUuid: parent, ...meta, ...r, uuid, timestamp: new Date(clock).toISOString() });
      parent = uuid;
    };
    const verbatim = (ls: readonly string[]) => {
      if (pinned) for (const l of ls) emit(JSON.parse(l) as object);
    };
    const usage = () => ({
      input_tokens: rng.int(1, 50),
      cache_creation_input_tokens: rng.int(0, 5000),
      cache_read_input_tokens: rng.int(0, 90000),
      output_tokens: rng.int(10, 900),
      service_tier: 'standard',
    });
    const turns = rng.int(5, 60);
    verbatim(cli.session);
    for (let t = 0; t < turns; t++) {
      verbatim(cli.turn);
      rec({ type: 'user', message: { role: 'user', content: lines(rng, pools.prose, rng.int(1, 3), ' ') } });
      emit({
        type: 'file-history-snapshot',
        messageId: parent,
        snapshot: { messageId: parent, trackedFileBackups: {}, timestamp: new Date(clock).toISOString() },
        isSnapshotUpdate: false,
      });
      const steps = rng.int(1, 6);
      for (let s = 0; s < steps; s++) {
        verbatim(cli.call);
        const id = `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
        const requestId = `req_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
        const asst = (block: object) =>
          rec({
            type: 'assistant',
            requestId,
            message: {
              id,
              type: 'message',
              role: 'assistant',
              model: 'claude-sonnet-4-20250514',
              content: [block],
              stop_reason: null,
              stop_sequence: null,
              usage: usage(),
            },
          });
        if (rng.next() < 0.3) asst({ type: 'thinking', thinking: lines(rng, pools.prose, rng.int(1, 4), ' '), signature: 'x'.repeat(200) });
        asst({ type: 'text', text: lines(rng, pools.prose, rng.int(1, 8)) });
        const tool = rng.pick(TOOLS);
        const toolId = `toolu_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
        const file = `${cwd}/src/${
          rng
            .pick(pools.code)
            .replace(/[^a-z]/gi, '')
            .slice(0, 12) || 'index'
        }.ts`;
        const body = lines(rng, pools.code, rng.int(10, 120));
        let input: object;
        let result: string;
        let structured: object;
        if (tool === 'Bash') {
          input = { command: `npm test -- ${file}`, description: 'Run the tests' };
          result = body;
          structured = { stdout: body, stderr: '', interrupted: false, isImage: false };
        } else if (tool === 'Read') {
          input = { file_path: file };
          // As the CLI gives it to the model: each line numbered (`12\t`), the file's own text
          // in the structured result.
          const fileLines = body.split('\n');
          result = fileLines.map((l, i) => `${i + 1}\t${l}`).join('\n');
          structured = { type: 'text', file: { filePath: file, content: body, numLines: fileLines.length, startLine: 1, totalLines: 400 } };
        } else if (tool === 'Edit') {
          const oldString = rng.pick(pools.code);
          const newString = rng.pick(pools.code);
          input = { file_path: file, old_string: oldString, new_string: newString };
          result = `The file ${file} has been updated.`;
          structured = {
            filePath: file,
            oldString,
            newString,
            originalFile: body,
            structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [`-${oldString}`, `+${newString}`] }],
            userModified: false,
          };
        } else {
          input = { pattern: rng.pick(pools.code).slice(0, 20), path: 'src' };
          result = `${file}\n${cwd}/src/other.ts`;
          structured = { mode: 'files_with_matches', filenames: [file], numFiles: 2 };
        }
        asst({ type: 'tool_use', id: toolId, name: tool, input });
        rec({ type: 'user', message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content: result }] }, toolUseResult: structured });
      }
      const id = `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      rec({
        type: 'assistant',
        requestId: 'req_end',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-20250514',
          content: [{ type: 'text', text: lines(rng, pools.prose, rng.int(1, 6)) }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: usage(),
        },
      });
    }
    verbatim(cli.end);
    emit({ type: 'summary', summary: lines(rng, pools.prose, 1).slice(0, 80), leafUuid: parent });
    fs.writeSync(fd, buf.join(''));
    fs.closeSync(fd);
    written += size;
    files++;
  }
  return { bytes: written, files };
}
