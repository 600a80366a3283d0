// The only way anything leaves the app for the system browser or mail client. Model output is
// untrusted, so a link is opened only for a short list of schemes and only after the person saw
// the full URL (after URL parsing: punycode host, percent-encoded path) and said yes.
import { dialog, shell, type BrowserWindow, type MessageBoxOptions } from 'electron';
import { hiddenInUrl, makeVisible } from '../../shared/visible-chars';

export const EXTERNAL_PROTOCOLS: readonly string[] = ['https:', 'http:', 'mailto:'];

export type ExternalOutcome = 'opened' | 'cancelled' | 'rejected' | 'busy';

/** The URL to open, or undefined when it is malformed or uses a scheme we never hand to the OS. */
export function externalUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!EXTERNAL_PROTOCOLS.includes(url.protocol)) return undefined;
  // Credentials in a link are a classic way to make one host look like another.
  if (url.username || url.password) return undefined;
  return url;
}

/**
 * The URL as the dialog shows it. Parsing percent-encodes a hidden or direction-changing
 * character (%E2%80%AE), which hides nothing but reads as noise; a second line says what the
 * escapes hold, marked the way the app marks them everywhere else.
 */
export function linkDetail(href: string): string {
  const hidden = hiddenInUrl(href);
  return hidden ? `${href}\n\nThis address contains hidden characters. It reads:\n${makeVisible(hidden)}` : href;
}

// One confirmation at a time: a page that fires window.open in a loop gets one dialog, not a
// stack of them.
let asking = false;

export async function openExternalSafely(raw: string, parent?: BrowserWindow): Promise<ExternalOutcome> {
  const url = externalUrl(raw);
  if (!url) {
    console.warn(`[clide] refused to open a link outside the app (only https, http and mailto are allowed): ${String(raw).slice(0, 500)}`);
    return 'rejected';
  }
  if (asking) return 'busy';
  asking = true;
  try {
    const options: MessageBoxOptions = {
      type: 'question',
      title: 'Open link',
      message: url.protocol === 'mailto:' ? 'Open this address in your mail app?' : 'Open this link in your browser?',
      detail: linkDetail(url.href),
      buttons: ['Open', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    };
    const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
    if (response !== 0) return 'cancelled';
    await shell.openExternal(url.href);
    return 'opened';
  } catch (err) {
    console.error(`[clide] could not open ${url.href}:`, err);
    return 'cancelled';
  } finally {
    asking = false;
  }
}
