// Where updates come from. GitHub releases by default (the build names the repository in the
// app-update.yml it ships); a company's own server (electron-updater's generic provider: a
// folder with the installers and latest*.yml) from Settings, or from CLIDE_UPDATE_URL, which
// wins so an administrator can set it for every user.
import type { UpdateSettings } from '../../../shared/settings';

export type UpdateFeed = { provider: 'github' } | { provider: 'generic'; url: string };

export type FeedChoice = { ok: true; feed: UpdateFeed } | { ok: false; message: string };

export function updateFeed(settings: UpdateSettings, env: NodeJS.ProcessEnv): FeedChoice {
  const fromEnv = (env['CLIDE_UPDATE_URL'] ?? '').trim();
  if (fromEnv !== '') return generic(fromEnv, 'CLIDE_UPDATE_URL');
  if (settings.source === 'github') return { ok: true, feed: { provider: 'github' } };
  if (settings.url.trim() === '')
    return { ok: false, message: 'Updates come from your own server, but its address is empty. Set it in Settings, or choose GitHub releases.' };
  return generic(settings.url.trim(), 'The update server in Settings');
}

function generic(raw: string, where: string): FeedChoice {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `${where} is not an address: ${raw}.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: `${where} must be an http:// or https:// address, not ${raw}.` };
  // electron-updater joins file names onto the URL: without the slash the last segment would be replaced.
  return { ok: true, feed: { provider: 'generic', url: url.href.endsWith('/') ? url.href : `${url.href}/` } };
}
