// The person's side of the host: settings (persisted in the data dir), recent working
// directories, folder completion, and what only the desktop shell can do (a native folder
// dialog, raising the window), injected so the core stays plain Node.
import fs from 'node:fs';
import type { FolderPick, PathCompletion } from '../../shared/folders';
import type { Settings, SettingsPatch, SettingsState } from '../../shared/settings';
import { completePath } from './path-complete';
import { SettingsStore } from './settings';

export interface ShellHooks {
  /** A native "choose a folder" dialog; resolves undefined when cancelled. */
  pickFolder?: (defaultPath: string | undefined) => Promise<string | undefined>;
  /** Raise and focus the app's window. */
  focusWindow?: () => void;
}

export interface SessionChoices {
  cwd?: string;
  resume?: string;
  model?: string;
  permissionMode?: string;
}

export class Workspace {
  readonly settings: SettingsStore;

  constructor(
    dataDir: string | undefined,
    private readonly homeDir: string,
    private readonly shell: ShellHooks = {},
  ) {
    this.settings = new SettingsStore(dataDir, homeDir);
  }

  get hasFolderPicker(): boolean {
    return this.shell.pickFolder !== undefined;
  }

  /** Settings plus a problem with the stored file, told once. */
  state(): SettingsState {
    const warning = this.settings.takeWarning();
    return warning ? { settings: this.settings.get(), warning } : { settings: this.settings.get() };
  }

  update(patch: SettingsPatch): SettingsState {
    return this.settings.update(patch);
  }

  onChange(listener: (s: Settings) => void): () => void {
    return this.settings.onChange(listener);
  }

  /** The default model and mode from Settings wherever the caller named none. */
  withDefaults(input: SessionChoices): SessionChoices {
    const s = this.settings.get();
    const out = { ...input };
    if (out.model === undefined && s.defaultModel) out.model = s.defaultModel;
    // "default" is the CLI's own default: no flag needed.
    if (out.permissionMode === undefined && s.defaultPermissionMode !== 'default') out.permissionMode = s.defaultPermissionMode;
    return out;
  }

  /** Remember a folder a session started in, if it is one (a typo must not become "recent"). */
  rememberCwd(cwd: string): void {
    try {
      if (!fs.statSync(cwd).isDirectory()) return;
    } catch {
      return;
    }
    this.settings.rememberCwd(cwd);
  }

  async pickFolder(defaultPath: string | undefined): Promise<FolderPick> {
    if (!this.shell.pickFolder) return { available: false };
    const path = await this.shell.pickFolder(defaultPath);
    return path ? { available: true, path } : { available: true };
  }

  completePath(prefix: string): Promise<PathCompletion> {
    return completePath(prefix, { homeDir: this.homeDir });
  }

  focusWindow(): void {
    this.shell.focusWindow?.();
  }
}
