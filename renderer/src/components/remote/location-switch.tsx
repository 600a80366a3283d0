// New session's first choice: this computer, or a remote host over ssh.
import './remote.css';

export type Where = 'local' | 'remote';

export function LocationSwitch({ value, onChange }: { value: Where; onChange(w: Where): void }) {
  return (
    <div className="segmented location-switch" role="radiogroup" aria-label="Where Claude runs">
      {(['local', 'remote'] as const).map((w) => (
        <label key={w} className="segment" data-checked={value === w || undefined}>
          <input type="radio" name="where" checked={value === w} onChange={() => onChange(w)} />
          {w === 'local' ? 'This computer' : 'Remote host (ssh)'}
        </label>
      ))}
    </div>
  );
}
