// Where the browser host keeps its own state (the process registry, so a host that was
// killed has its orphaned `claude` children ended on the next start). Per-platform state
// locations, beside but apart from the desktop app's.
import path from 'node:path';

export function webDataDir(env: NodeJS.ProcessEnv, homeDir: string, platform: NodeJS.Platform = process.platform): string {
  const explicit = env.CLIDE_WEB_DATA_DIR?.trim();
  if (explicit) return path.resolve(explicit);
  const base =
    platform === 'win32'
      ? (env.LOCALAPPDATA ?? path.join(homeDir, 'AppData', 'Local'))
      : platform === 'darwin'
        ? path.join(homeDir, 'Library', 'Application Support')
        : env.XDG_STATE_HOME || path.join(homeDir, '.local', 'state');
  return path.join(base, 'clide', 'web');
}
