// Settings > Transcript text size: one of a few fixed steps, saved as it is picked. The keys do
// the same from anywhere in the window (components/transcript/text-size.ts).
import type { SettingsPatch } from '../../../../shared/settings';
import { TRANSCRIPT_TEXT_SIZES, type TranscriptTextSize } from '../../../../shared/text-size';
import { keyLabel } from '../../lib/shortcuts';

const names: Record<TranscriptTextSize, string> = { 13: 'Small', 14: 'Default', 16: 'Large', 18: 'Larger', 20: 'Very large', 22: 'Largest' };

interface Props {
  size: number;
  error: string | undefined;
  save(field: 'transcriptTextSize', patch: SettingsPatch): unknown;
}

export function TextSizeSetting({ size, error, save }: Props) {
  return (
    <fieldset className="field">
      <legend className="field-label">Transcript text size</legend>
      <div className="segmented text-size-steps" role="radiogroup" aria-label="Transcript text size">
        {TRANSCRIPT_TEXT_SIZES.map((s) => (
          <label key={s} className="segment" data-checked={size === s || undefined}>
            <input
              type="radio"
              name="transcript-text-size"
              aria-label={`${names[s]}, ${s} pixels`}
              checked={size === s}
              onChange={() => void save('transcriptTextSize', { transcriptTextSize: s })}
            />
            {names[s]} <span className="segment-detail">{s}</span>
          </label>
        ))}
      </div>
      <p className="field-help">
        Messages, tool cards and code in the transcript; the composer, tabs and status bar keep their size. {keyLabel('=')}, {keyLabel('-')} and {keyLabel('0')}{' '}
        change it from anywhere in the window.
      </p>
      {error && (
        <p className="modal-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
