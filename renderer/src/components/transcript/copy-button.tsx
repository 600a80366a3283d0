import { useEffect, useState } from 'react';

/** How long "Copied" (or "Copy failed") stays on the button. */
const SHOWN_MS = 2000;

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // The outcome stays for a moment whatever has the focus then: it used to end on blur, so a
  // focus that moved on at once (a click that focuses elsewhere, a pane switch) hid it unseen.
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), SHOWN_MS);
    return () => clearTimeout(t);
  }, [state]);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button type="button" className="copy-button" onClick={copy}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
