// electron-updater's errors in words a person can act on. Its messages carry stack-like detail
// (the whole HTTP response, the feed's YAML); the codes below are electron-updater 6.8's and
// builder-util-runtime's, and the network ones Node's and Chromium's.
import { isRecord } from '../../../shared/guards';

const OFFLINE =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b|net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION_REFUSED|CONNECTION_RESET|TIMED_OUT|NETWORK_CHANGED|ADDRESS_UNREACHABLE)/;

export function updateErrorWords(err: unknown): string {
  const code = isRecord(err) && typeof err['code'] === 'string' ? err['code'] : '';
  const message = err instanceof Error ? err.message : String(err);
  if (OFFLINE.test(code) || OFFLINE.test(message)) return 'clide could not reach the update server. Check your connection, then try again.';
  switch (code) {
    case 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND':
      return 'The update server has no update information for this system (no latest*.yml file was found there).';
    case 'ERR_UPDATER_INVALID_UPDATE_INFO':
    case 'ERR_UPDATER_INVALID_RELEASE_FEED':
    case 'ERR_UPDATER_NO_FILES_PROVIDED':
    case 'ERR_UPDATER_INVALID_VERSION':
      return "The update server's answer could not be read: its update information is damaged or incomplete.";
    case 'ERR_UPDATER_NO_PUBLISHED_VERSIONS':
    case 'ERR_UPDATER_LATEST_VERSION_NOT_FOUND':
    case 'ERR_UPDATER_RELEASE_NOT_FOUND':
      return 'No release of clide has been published there yet.';
    case 'ERR_UPDATER_ASSET_NOT_FOUND':
      return 'The newest release has no download for this system.';
    case 'ERR_CHECKSUM_MISMATCH':
    case 'ERR_UPDATER_NO_CHECKSUM':
    case 'ERR_UPDATER_INVALID_SIGNATURE':
      return 'The downloaded update did not match its checksum or signature, so it was thrown away. Nothing was installed.';
    case 'ERR_UPDATER_INVALID_PROVIDER_CONFIGURATION':
    case 'ERR_UPDATER_UNSUPPORTED_PROVIDER':
      return 'The update source is not set up correctly. Check it in Settings.';
  }
  const status = /^HTTP_ERROR_(\d{3})$/.exec(code)?.[1];
  if (status) return `The update server answered with an error (HTTP ${status}). Try again later.`;
  const first = message.split('\n')[0]?.trim() ?? '';
  return `The update check failed: ${first.length > 200 ? `${first.slice(0, 200)}…` : first || 'no reason given'}.`;
}
