// What a folder would run once Claude Code starts in it, read from its files: the hooks of its
// `.claude/settings*.json`, the other settings that run a command or shape every process
// (helpers, environment, plugins), its project MCP servers (`.mcp.json`), clide's own
// `.clide/setup` and `.clide/run`, and CLAUDE.md imports that reach outside it. Pure: the files
// come through a reader, so a remote host's folder is scanned by the same code.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { TrustItem, TrustItemKind } from '../../../shared/trust';

export interface FolderFiles {
  /** A file's text, or undefined when it is missing or not a file. */
  read(abs: string): string | undefined;
  /** The real path (symlinks resolved); the path itself when it cannot be resolved. */
  real(abs: string): string;
}

export interface ScanInput {
  /** The folders Claude Code reads project files from, outermost first: the checkout's top down to the session's folder. */
  dirs: readonly string[];
  /** Item paths are shown relative to this folder (the checkout's top); an import whose real path stays inside it is the folder's own. */
  base: string;
  files: FolderFiles;
  /** The person's Claude config dir: a `.claude` that is it (a session in the home folder) is theirs, not the folder's. */
  configDir: string;
  /** For `@~/` imports. */
  homeDir: string;
  /** A worktree's main checkout: Claude Code reads its `.claude/settings.local.json` too (rules/settings-files.ts). */
  mainCheckout?: string;
  /** Path functions of the machine the folder is on (posix for a remote host). */
  paths?: path.PlatformPath;
}

const SETTINGS_FILES = ['.claude/settings.json', '.claude/settings.local.json'];
const MEMORY_FILES = ['CLAUDE.md', 'CLAUDE.local.md', '.claude/CLAUDE.md'];
/** Settings keys whose value is a command Claude Code runs (auth helpers, the status line). */
const COMMAND_KEYS = ['apiKeyHelper', 'awsAuthRefresh', 'awsCredentialExport', 'gcpAuthRefresh', 'otelHeadersHelper'];
/** Imports are followed this deep, as Claude Code does. */
const MAX_IMPORT_DEPTH = 5;

/** Everything the folder would run, in a stable order. */
export function scanFolder(input: ScanInput): TrustItem[] {
  const p = input.paths ?? path;
  const items: TrustItem[] = [];
  const add = (kind: TrustItemKind, file: string, label: string, detail: string) => items.push({ kind, file, label, detail });
  const configReal = input.files.real(input.configDir);
  const main = input.mainCheckout && !input.dirs.includes(input.mainCheckout) ? input.mainCheckout : undefined;
  if (main) {
    const text = input.files.read(p.join(main, '.claude/settings.local.json'));
    if (text !== undefined) settingsItems(text, 'settings.local.json of the main checkout', add);
  }
  for (const dir of input.dirs) {
    const rel = (f: string) => p.relative(input.base, p.join(dir, f)).split(p.sep).join('/') || f;
    const ownClaudeDir = input.files.real(p.join(dir, '.claude')) === configReal;
    if (!ownClaudeDir) {
      for (const f of SETTINGS_FILES) {
        const text = input.files.read(p.join(dir, f));
        if (text !== undefined) settingsItems(text, rel(f), add);
      }
    }
    const mcp = input.files.read(p.join(dir, '.mcp.json'));
    if (mcp !== undefined) mcpItems(mcp, rel('.mcp.json'), add);
    for (const [f, kind] of [
      ['.clide/setup', 'setup'],
      ['.clide/run', 'run'],
    ] as const) {
      const text = input.files.read(p.join(dir, f));
      // Whole: what is trusted is exactly this content (a setup confirmed elsewhere is matched by its hash).
      if (text !== undefined && text.trim()) add(kind, rel(f), kind === 'setup' ? 'Setup of a new worktree' : 'Run command', text);
    }
    for (const f of MEMORY_FILES) {
      if (ownClaudeDir && f.startsWith('.claude/')) continue;
      const file = p.join(dir, f);
      for (const target of outsideImports(file, input, new Set([input.files.real(file)]), 1))
        add('import', rel(f), 'Imports a file from outside this folder', target);
    }
  }
  return items;
}

/** The key a trust decision remembers an item by: what it is and exactly what it runs. */
export function itemKey(item: TrustItem): string {
  const detail = item.detail.length > 200 ? createHash('sha256').update(item.detail).digest('hex') : item.detail;
  return [item.kind, item.file, item.label, detail].join('\0');
}

type Add = (kind: TrustItemKind, file: string, label: string, detail: string) => void;

function settingsItems(text: string, file: string, add: Add): void {
  const json = parseObject(text);
  if (!json) {
    // Claude Code skips a file it cannot read; another version may read it. Shown, not guessed at.
    add('other', file, 'A settings file Claude Code may not be able to read', text.slice(0, 2000));
    return;
  }
  const hooks = json.hooks;
  if (isObject(hooks)) {
    for (const [event, groups] of Object.entries(hooks)) {
      for (const group of Array.isArray(groups) ? groups : []) {
        if (!isObject(group)) continue;
        const matcher = typeof group.matcher === 'string' && group.matcher ? ` (${group.matcher})` : '';
        for (const hook of Array.isArray(group.hooks) ? group.hooks : []) {
          if (!isObject(hook)) continue;
          add('hook', file, `${event} hook${matcher}`, hookText(hook));
        }
      }
    }
  }
  for (const key of COMMAND_KEYS) {
    if (typeof json[key] === 'string' && json[key]) add('helper', file, key, json[key]);
  }
  for (const key of ['statusLine', 'fileSuggestion']) {
    const value = json[key];
    if (isObject(value) && typeof value.command === 'string') add('helper', file, key, value.command);
  }
  if (isObject(json.env)) {
    for (const [name, value] of Object.entries(json.env)) add('env', file, `Environment variable ${name}`, String(value));
  }
  if (isObject(json.enabledPlugins)) {
    for (const [name, on] of Object.entries(json.enabledPlugins)) if (on) add('plugin', file, 'Plugin', name);
  }
  if (isObject(json.extraKnownMarketplaces)) {
    for (const [name, value] of Object.entries(json.extraKnownMarketplaces)) add('plugin', file, `Plugin marketplace ${name}`, JSON.stringify(value));
  }
}

function hookText(hook: Record<string, unknown>): string {
  for (const key of ['command', 'url', 'prompt']) {
    if (typeof hook[key] === 'string') return hook[key];
  }
  return JSON.stringify(hook);
}

function mcpItems(text: string, file: string, add: Add): void {
  const json = parseObject(text);
  if (!json) return add('other', file, 'An MCP configuration Claude Code may not be able to read', text.slice(0, 2000));
  const servers = isObject(json.mcpServers) ? json.mcpServers : {};
  for (const [name, server] of Object.entries(servers)) {
    if (!isObject(server)) continue;
    const cmd = typeof server.command === 'string' ? [server.command, ...(Array.isArray(server.args) ? server.args.map(String) : [])].join(' ') : undefined;
    const env = isObject(server.env) && Object.keys(server.env).length ? ` (environment: ${Object.keys(server.env).join(', ')})` : '';
    add('mcp-server', file, `MCP server ${name}`, (cmd ?? (typeof server.url === 'string' ? server.url : JSON.stringify(server))) + env);
  }
}

/** `@path` imports of a CLAUDE.md (outside code) whose real path leaves the trust root, followed as Claude Code does. */
function outsideImports(file: string, input: ScanInput, seen: Set<string>, depth: number): string[] {
  const p = input.paths ?? path;
  const text = input.files.read(file);
  if (text === undefined || depth > MAX_IMPORT_DEPTH) return [];
  const out: string[] = [];
  for (const ref of importRefs(text)) {
    const abs = ref.startsWith('~/') ? p.join(input.homeDir, ref.slice(2)) : p.isAbsolute(ref) ? ref : p.resolve(p.dirname(file), ref);
    const real = input.files.real(abs);
    if (seen.has(real)) continue;
    seen.add(real);
    if (!inside(real, input.files.real(input.base), p)) {
      out.push(abs);
      continue;
    }
    out.push(...outsideImports(abs, input, seen, depth + 1));
  }
  return out;
}

/** The `@path` references of a memory file, outside fenced and inline code. */
export function importRefs(text: string): string[] {
  const refs: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const plain = line.replace(/`[^`]*`/g, '');
    for (const m of plain.matchAll(/(?:^|\s)@((?:~\/|\/|\.{1,2}\/|[\w.-])[^\s]*)/g)) refs.push(m[1]!);
  }
  return refs;
}

export function inside(child: string, parent: string, p: path.PlatformPath = path): boolean {
  const rel = p.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${p.sep}`) && !p.isAbsolute(rel));
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
