// Model output is untrusted: a link may only lead to a web page or a mail address.
const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

/** The URL if it is absolute http(s) or mailto, else undefined (render as plain text). */
export function safeLink(href: string | undefined | null): string | undefined {
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return undefined;
  }
  if (!ALLOWED.has(url.protocol)) return undefined;
  if (url.protocol !== 'mailto:' && !url.hostname) return undefined;
  return url.href;
}

/** A fenced code block's language, only if it looks like one ("ts", "c++", "objective-c"). */
export function safeLanguage(className: string | undefined): string | undefined {
  const m = /(?:^|\s)language-([A-Za-z0-9_+#.-]{1,32})(?:\s|$)/.exec(className ?? '');
  return m?.[1];
}
