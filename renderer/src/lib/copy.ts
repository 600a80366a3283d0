// Copying text to the clipboard from a button, and the outcome the button shows for a moment.
import { useCallback, useEffect, useState } from 'react';

/** How long "Copied" (or "Copy failed") stays on a button. */
const SHOWN_MS = 2000;

export type CopyOutcome = 'copied' | 'failed' | undefined;

/**
 * Copy `text` and say how it went until SHOWN_MS later, whatever has the focus then (a focus that
 * moves on at once, a click elsewhere or a pane switch, must not hide it unseen).
 */
export function useCopy(): [CopyOutcome, (text: string) => void] {
  const [outcome, setOutcome] = useState<CopyOutcome>();
  useEffect(() => {
    if (!outcome) return;
    const t = setTimeout(() => setOutcome(undefined), SHOWN_MS);
    return () => clearTimeout(t);
  }, [outcome]);
  const copy = useCallback((text: string) => {
    void copyText(text).then((ok) => setOutcome(ok ? 'copied' : 'failed'));
  }, []);
  return [outcome, copy];
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (a plain-http page, an old browser): the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}
