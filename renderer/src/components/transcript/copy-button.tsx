import { useCopy } from '../../lib/copy';

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [outcome, copy] = useCopy();
  return (
    <button type="button" className="copy-button" onClick={() => copy(text)}>
      {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
