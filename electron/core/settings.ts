// Settings persisted atomically in the app's data folder. A corrupt file is set aside with a
// warning (shown once in the window), never fatal.
import path from 'node:path';
import { SettingsSchema, defaultSettings, type Settings, type SettingsPatch } from '../../shared/settings';
import { readJsonFile, writeJsonFileAtomic } from './json-file';

const MAX_RECENT = 10;

export class SettingsStore {
  private value: Settings;
  private readonly file: string;
  private readonly listeners = new Set<(s: Settings) => void>();
  /** Set when the stored file was unreadable; the window shows it once. */
  warning: string | undefined;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'settings.json');
    const r = readJsonFile(this.file, SettingsSchema, defaultSettings());
    this.value = r.value;
    this.warning = r.warning;
  }

  get(): Settings {
    return this.value;
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  update(patch: SettingsPatch): Settings {
    const next = SettingsSchema.parse({
      ...this.value,
      ...patch,
      notifications: { ...this.value.notifications, ...patch.notifications },
    });
    this.commit(next);
    return next;
  }

  /** Remember a working directory as recently used (newest first, no duplicates). */
  rememberCwd(cwd: string): void {
    const recent = [cwd, ...this.value.recentCwds.filter((c) => c !== cwd)].slice(0, MAX_RECENT);
    if (recent.join('\0') === this.value.recentCwds.join('\0')) return;
    this.commit({ ...this.value, recentCwds: recent });
  }

  private commit(next: Settings): void {
    this.value = next;
    try {
      writeJsonFileAtomic(this.file, next);
    } catch (err) {
      this.warning = `Could not save settings: ${(err as Error).message}`;
    }
    for (const l of this.listeners) l(next);
  }
}
