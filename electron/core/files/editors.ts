// "Open in editor": the system's default application, and VS Code, Cursor or Zed where they are
// on PATH, or the person's $VISUAL/$EDITOR when it is a windowed editor. Each is spawned with an
// argument array (no shell), with the file's absolute path (it never starts with "-"), detached
// from clide. In the browser host this runs on the machine the host runs on.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { EditorId } from '../../../shared/files';
import { ClideError } from '../../../shared/result';

interface Editor {
  id: EditorId;
  label: string;
  command: string;
  args: string[];
}

/** Editors that need a terminal of their own: started from clide they would have none. */
const TERMINAL_EDITORS = new Set(['vi', 'vim', 'nvim', 'nano', 'pico', 'emacs', 'micro', 'hx', 'helix', 'kak', 'ed', 'joe', 'mg', 'ne', 'jed']);

function onPath(name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  const exts = platform === 'win32' ? ['.exe', '.cmd', '.bat', ''] : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue; // a relative PATH entry would depend on the folder
    for (const ext of exts) {
      const file = path.join(dir, name + ext);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        if (fs.statSync(file).isFile()) return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

export function findEditors(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Editor[] {
  const out: Editor[] = [];
  const system = platform === 'darwin' ? 'open' : platform === 'win32' ? 'explorer.exe' : 'xdg-open';
  const systemPath = platform === 'win32' ? system : onPath(system, env, platform);
  if (systemPath) out.push({ id: 'default', label: 'Default app', command: systemPath, args: [] });
  const named: Array<[EditorId, string, string[]]> = [
    ['code', 'VS Code', ['code']],
    ['cursor', 'Cursor', ['cursor']],
    ['zed', 'Zed', ['zed', 'zeditor']],
  ];
  for (const [id, label, names] of named) {
    const found = names.map((n) => onPath(n, env, platform)).find(Boolean);
    if (found) out.push({ id, label, command: found, args: [] });
  }
  const own = (env.VISUAL || env.EDITOR || '').trim();
  if (own) {
    // "$EDITOR" may carry arguments ("subl -n"): split on spaces, never handed to a shell.
    const [cmd, ...args] = own.split(/\s+/);
    const resolved = cmd && (path.isAbsolute(cmd) ? cmd : onPath(cmd, env, platform));
    if (resolved && !TERMINAL_EDITORS.has(path.basename(resolved).replace(/\.exe$/i, '')) && !out.some((e) => e.command === resolved)) {
      out.push({ id: 'env', label: `${path.basename(resolved)} ($${env.VISUAL ? 'VISUAL' : 'EDITOR'})`, command: resolved, args });
    }
  }
  return out;
}

/** Start `editor` on `target` (an absolute path), detached; fails if it could not be started. */
export function openIn(editor: EditorId, target: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const e = findEditors(env).find((x) => x.id === editor);
  if (!e) throw new ClideError({ kind: 'invalid-input', message: 'That editor is not installed here.' });
  if (!path.isAbsolute(target)) throw new ClideError({ kind: 'invalid-input', message: 'Refused: not an absolute path.' });
  return new Promise((resolve, reject) => {
    const child = spawn(e.command, [...e.args, target], { detached: true, stdio: 'ignore', env, cwd: path.dirname(target) });
    child.once('error', (err) => reject(new ClideError({ kind: 'spawn-failed', message: `Could not start ${e.label}: ${err.message}` })));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
