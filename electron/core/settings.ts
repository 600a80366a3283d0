// Settings persisted atomically in the app's data folder. A corrupt file is set aside with a
// warning (shown once in the window), never fatal. Without a data folder (tests, a host that
// keeps no state) the settings live in memory only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SettingsSchema, defaultSettings, type RepositorySettings, type Settings, type SettingsPatch } from '../../shared/settings';
import { ClideError } from '../../shared/result';
import { readJsonFile, writeJsonFileAtomic } from './json-file';
import { modelProblem } from './spawn-args';

const MAX_RECENT = 10;

export class SettingsStore {
  private value: Settings;
  private readonly file: string | undefined;
  private readonly listeners = new Set<(s: Settings) => void>();
  /** Set when the stored file was unreadable, or the last change could not be saved. */
  warning: string | undefined;

  constructor(
    dataDir: string | undefined,
    private readonly homeDir = os.homedir(),
  ) {
    this.file = dataDir ? path.join(dataDir, 'settings.json') : undefined;
    if (!this.file) {
      this.value = defaultSettings();
      return;
    }
    const r = readJsonFile(this.file, SettingsSchema, defaultSettings());
    this.value = r.value;
    this.warning = r.warning;
  }

  get(): Settings {
    return this.value;
  }

  /** The pending warning, handed out once (the first window to ask shows it). */
  takeWarning(): string | undefined {
    const w = this.warning;
    this.warning = undefined;
    return w;
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Apply a change; returns a warning when it is in effect but could not be saved. */
  update(patch: SettingsPatch): { settings: Settings; warning?: string } {
    // Every new session would pass this model to the CLI: refuse it now, where it was typed.
    const model = patch.defaultModel?.trim();
    if (model) {
      const problem = modelProblem(model);
      if (problem) throw new ClideError(problem);
    }
    if (patch.defaultModel !== undefined) patch = { ...patch, defaultModel: model };
    if (patch.claudePath !== undefined) patch = { ...patch, claudePath: patch.claudePath.trim() };
    if (patch.worktreeRoot !== undefined) {
      patch = { ...patch, worktreeRoot: patch.worktreeRoot.trim() };
      if (patch.worktreeRoot) worktreeRootProblem(patch.worktreeRoot, this.homeDir);
    }
    const { repository, ...rest } = patch;
    const next = SettingsSchema.parse({
      ...this.value,
      ...rest,
      notifications: { ...this.value.notifications, ...patch.notifications },
      updates: { ...this.value.updates, ...patch.updates, ...(patch.updates?.url !== undefined ? { url: patch.updates.url.trim() } : {}) },
      repositories: repository ? withRepository(this.value.repositories, repository.root, repository) : this.value.repositories,
    });
    const warning = this.commit(next);
    return warning ? { settings: next, warning } : { settings: next };
  }

  /** Remember a working directory as recently used (newest first, no duplicates). */
  rememberCwd(cwd: string): void {
    const recent = [cwd, ...this.value.recentCwds.filter((c) => c !== cwd)].slice(0, MAX_RECENT);
    if (recent.join('\0') === this.value.recentCwds.join('\0')) return;
    this.warning = this.commit({ ...this.value, recentCwds: recent }) ?? this.warning;
  }

  /** Remember a fact about one repository (the worktree choice, a confirmed setup file). */
  rememberRepository(root: string, patch: RepositorySettings): void {
    const repositories = withRepository(this.value.repositories, root, patch);
    if (JSON.stringify(repositories[root]) === JSON.stringify(this.value.repositories[root])) return;
    this.warning = this.commit({ ...this.value, repositories }) ?? this.warning;
  }

  /** Forget a working directory (it no longer exists, or the person removed it from the list). */
  forgetCwd(cwd: string): void {
    if (!this.value.recentCwds.includes(cwd)) return;
    this.warning = this.commit({ ...this.value, recentCwds: this.value.recentCwds.filter((c) => c !== cwd) }) ?? this.warning;
  }

  private commit(next: Settings): string | undefined {
    this.value = next;
    let warning: string | undefined;
    if (this.file) {
      try {
        writeJsonFileAtomic(this.file, next);
      } catch (err) {
        // In effect for this run; the person is told it will not survive a restart.
        warning = `Could not save settings to ${this.file}: ${(err as Error).message}. The change applies until clide quits.`;
      }
    }
    for (const l of this.listeners) l(next);
    return warning;
  }
}

/**
 * Where worktrees go must be named whole (absolute, or from ~) and exist, as a session's folder
 * must: a relative one would be taken from wherever the host happened to start.
 */
function worktreeRootProblem(root: string, homeDir: string): void {
  const fromHome = root === '~' || root.startsWith('~/');
  if (!fromHome && !path.isAbsolute(root)) {
    throw new ClideError({
      kind: 'invalid-input',
      message: `The worktree folder must be a full path (such as /home/me/worktrees or ~/worktrees), not ${root}.`,
    });
  }
  const dir = fromHome ? path.join(homeDir, root.slice(1)) : root;
  let isDir = false;
  try {
    isDir = fs.statSync(dir).isDirectory();
  } catch {
    // Missing: said below.
  }
  if (!isDir)
    throw new ClideError({
      kind: 'invalid-input',
      message: `The worktree folder does not exist or is not a folder: ${dir}`,
      hint: 'Choose an existing folder.',
    });
}

function withRepository(all: Settings['repositories'], root: string, patch: RepositorySettings & { root?: string }): Settings['repositories'] {
  const { root: _root, ...fields } = patch;
  const merged: RepositorySettings = { ...all[root], ...fields };
  // An emptied command is no command.
  if (merged.setupCommand !== undefined && merged.setupCommand.trim() === '') delete merged.setupCommand;
  if (merged.runCommand !== undefined && merged.runCommand.trim() === '') delete merged.runCommand;
  return { ...all, [root]: merged };
}
