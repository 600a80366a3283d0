// Where Claude Code keeps each scope's settings file for a session's folder, and the one change
// clide makes to them: taking out a rule it saved. list_permission_rules names no files, so
// they are found here. Checked on 2.1.332:
// - userSettings: settings.json in the config dir (CLAUDE_CONFIG_DIR, else ~/.claude);
// - projectSettings: <folder>/.claude/settings.json (parent folders are not read);
// - localSettings: .claude/settings.local.json at the repository's root, the main checkout's
//   for a git worktree too (the CLI's "canonical store root"); the CLI keeps it in the folder
//   itself when it does not trust that root (owned by another user, the home folder) or there
//   is no repository. Both are candidates; the file that holds the rule is the one it is in.
import fs from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../../shared/guards';
import { ClideError } from '../../../shared/result';
import type { FileScope, RuleBehavior } from '../../../shared/rules';

/** The files a scope's rules can be in, for a session in `cwd`, most likely first. */
export function settingsFiles(scope: FileScope, cwd: string, configDir: string): string[] {
  if (scope === 'userSettings') return [path.join(configDir, 'settings.json')];
  if (scope === 'projectSettings') return [path.join(cwd, '.claude', 'settings.json')];
  const root = repositoryRoot(cwd);
  const dirs = root && root !== cwd ? [root, cwd] : [cwd];
  return dirs.map((d) => path.join(d, '.claude', 'settings.local.json'));
}

/**
 * The main checkout's folder of the git repository `cwd` is in: the nearest folder up with a
 * `.git` folder, or, for a linked worktree (a `.git` file naming its git dir), the checkout
 * whose `.git` that git dir's `commondir` points to. Read from the files, without running git.
 */
export function repositoryRoot(cwd: string): string | undefined {
  for (let dir = path.resolve(cwd); ;) {
    const dotGit = path.join(dir, '.git');
    const stat = statOf(dotGit);
    if (stat?.isDirectory()) return dir;
    if (stat?.isFile()) return worktreeMain(dotGit) ?? dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

function statOf(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p);
  } catch {
    return undefined;
  }
}

function worktreeMain(dotGitFile: string): string | undefined {
  try {
    const m = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(dotGitFile, 'utf8'));
    if (!m?.[1]) return undefined;
    const gitDir = path.resolve(path.dirname(dotGitFile), m[1].trim());
    const common = path.resolve(gitDir, fs.readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim());
    return path.basename(common) === '.git' ? path.dirname(common) : undefined;
  } catch {
    // A submodule (no commondir) or a damaged worktree: its own folder is the root.
    return undefined;
  }
}

/** The rule lists of a settings file, or undefined when it is missing or not JSON. */
function ruleLists(file: string): Record<string, unknown> | undefined {
  try {
    const root: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return isRecord(root) && isRecord(root.permissions) ? root.permissions : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the file lists `rule` (verbatim, as Claude Code lists it) under `behavior`. */
export function holdsRule(file: string, behavior: RuleBehavior, rule: string): boolean {
  const list = ruleLists(file)?.[behavior];
  return Array.isArray(list) && list.includes(rule);
}

/** The first of `files` that lists the rule. */
export function fileHolding(files: readonly string[], behavior: RuleBehavior, rule: string): string | undefined {
  return files.find((f) => holdsRule(f, behavior, rule));
}

function notChanged(file: string, why: string): ClideError {
  return new ClideError({
    kind: 'rule-not-removed',
    message: `${file} ${why}, so clide left it as it was.`,
    hint: 'Fix or edit the file yourself; Claude Code reads it again when it changes.',
  });
}

/**
 * Take every copy of `rule` out of the file's `permissions.<behavior>` list, leaving the rest of
 * the file as it was (re-indented as Claude Code writes it). Written to a temporary file in the
 * same folder and renamed over it, with the file's own permissions, so a crash never leaves half
 * a settings file. Refuses, changing nothing, when the file cannot be read or is not JSON.
 */
export function removeRule(file: string, behavior: RuleBehavior, rule: string): void {
  let text: string;
  let mode: number;
  try {
    text = fs.readFileSync(file, 'utf8');
    mode = fs.statSync(file).mode & 0o777;
  } catch (err) {
    throw notChanged(file, `could not be read (${(err as Error).message})`);
  }
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw notChanged(file, `is not valid JSON (${(err as Error).message})`);
  }
  const list = isRecord(root) && isRecord(root.permissions) ? root.permissions[behavior] : undefined;
  if (!isRecord(root) || !isRecord(root.permissions) || !Array.isArray(list)) throw notChanged(file, `has no permissions.${behavior} list`);
  root.permissions[behavior] = list.filter((r) => r !== rule);
  const tmp = `${file}.clide-${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, `${JSON.stringify(root, null, 2)}${text.endsWith('\n') ? '\n' : ''}`, { mode });
    fs.chmodSync(tmp, mode);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw notChanged(file, `could not be written (${(err as Error).message})`);
  }
}
