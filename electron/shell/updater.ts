// electron-updater behind the UpdaterPort the update policy uses (electron/core/updates). The
// updater is loaded at the first check only: electron-updater picks its class (AppImage, deb,
// rpm, pacman, NSIS, macOS) from how the app was installed, which only a packaged app knows.
// It downloads what it finds at once and verifies the file's sha512 (and on Windows the
// signature) before reporting it downloaded; a downloaded update is installed when the app
// quits (autoInstallOnAppQuit), after the sessions have closed, or at "Restart now".
import type { AppUpdater } from 'electron-updater';
import type { UpdateFeed } from '../core/updates/update-feed';
import type { UpdaterPort } from '../core/updates/update-service';

/** The parts of electron-updater's AppUpdater used here. */
export type UpdaterLike = Pick<
  AppUpdater,
  'checkForUpdates' | 'setFeedURL' | 'quitAndInstall' | 'on' | 'autoDownload' | 'autoInstallOnAppQuit' | 'autoRunAppAfterInstall' | 'logger'
>;

/**
 * electron-updater logs every step, and errors with their stack and the whole HTTP response;
 * keep the first line of its warnings and errors (the update policy logs the failure itself).
 */
const firstLine = (m: unknown): string => (m instanceof Error ? m.message : String(m)).split('\n')[0]!.slice(0, 300);
const quietLogger = {
  info: () => undefined,
  warn: (m: unknown) => console.warn('[clide] updater:', firstLine(m)),
  error: (m: unknown) => console.warn('[clide] updater:', firstLine(m)),
};

export function updaterPort(load: () => Promise<UpdaterLike>): UpdaterPort {
  const progress: Array<(percent: number) => void> = [];
  let loaded: Promise<UpdaterLike> | undefined;
  /** The feed the updater was last pointed at; undefined: the one the build ships (app-update.yml). */
  let pointedAt: string | undefined;
  const updater = (): Promise<UpdaterLike> => {
    loaded ??= load().then((u) => {
      u.logger = quietLogger;
      u.autoDownload = true;
      u.autoInstallOnAppQuit = true;
      u.autoRunAppAfterInstall = true;
      // electron-updater emits 'error' for every failure it also rejects with; without a
      // listener an EventEmitter would throw it.
      u.on('error', () => undefined);
      u.on('download-progress', (p) => {
        for (const l of progress) l(p.percent);
      });
      return u;
    });
    return loaded;
  };
  return {
    async check(feed) {
      const u = await updater();
      pointedAt = await point(u, feed, pointedAt);
      const result = await u.checkForUpdates();
      // null: electron-updater is inactive (not packaged); the policy never asks then.
      if (!result?.isUpdateAvailable || !result.downloadPromise) return undefined;
      return { version: result.updateInfo.version, downloaded: result.downloadPromise.then(() => undefined) };
    },
    onProgress(listener) {
      progress.push(listener);
    },
    install() {
      // Not silent, and start the new version afterwards. app.quit follows, which closes the
      // sessions as any quit does (electron/shell/quit.ts).
      void updater().then((u) => u.quitAndInstall(false, true));
    },
  };
}

/** Point the updater at `feed`; returns what it now points at. */
async function point(u: UpdaterLike, feed: UpdateFeed, current: string | undefined): Promise<string | undefined> {
  if (feed.provider === 'generic') {
    if (current !== feed.url) u.setFeedURL({ provider: 'generic', url: feed.url });
    return feed.url;
  }
  if (current === undefined) return undefined;
  // Back from a server of the person's to the build's own source: electron-updater keeps the
  // app-update.yml it read as `configOnDisk` (not in its typings, present since 4.x).
  const onDisk = (u as unknown as { configOnDisk?: { value: Promise<Parameters<UpdaterLike['setFeedURL']>[0]> } }).configOnDisk;
  if (!onDisk) throw new Error('Switching back to GitHub releases takes effect when clide restarts.');
  u.setFeedURL(await onDisk.value);
  return undefined;
}
