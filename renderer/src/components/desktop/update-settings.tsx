// Settings for the desktop app's updates: whether it looks for them by itself, and where they
// come from (GitHub releases, or a company's own server). Not shown in the browser host, whose
// code comes from its checkout.
import type { WorktreeSettingsProps } from '../worktree/worktree-settings';
import { useClide } from '../../store/store';
import { checkForUpdates } from './update-actions';

/** The same section props as the worktree settings: the dialog's save, its errors and its text field. */
export type UpdateSettingsProps = WorktreeSettingsProps;

export function UpdateSettings({ save, errors, Text }: UpdateSettingsProps) {
  const updates = useClide((s) => s.settings?.updates);
  const desktop = useClide((s) => s.environment?.host === 'electron');
  if (!updates || !desktop) return null;
  return (
    <fieldset className="field">
      <legend className="field-label">Updates</legend>
      <label className="choice">
        <input type="checkbox" checked={updates.auto} onChange={(e) => void save('updates', { updates: { auto: e.target.checked } })} />
        <span>Check for updates automatically</span>
      </label>
      <p className="field-help">
        A new version is downloaded in the background and installed when clide restarts, never while Claude is working.{' '}
        <button type="button" className="link-button" onClick={() => void checkForUpdates()}>
          Check now
        </button>
      </p>
      <div className="choice-list update-source" role="radiogroup" aria-label="Where updates come from">
        <span className="field-help">Where updates come from:</span>
        <label className="choice">
          <input
            type="radio"
            name="update-source"
            checked={updates.source === 'github'}
            onChange={() => void save('updates', { updates: { source: 'github' } })}
          />
          <span>GitHub releases</span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="update-source"
            checked={updates.source === 'generic'}
            onChange={() => void save('updates', { updates: { source: 'generic' } })}
          />
          <span>Your organisation’s update server</span>
        </label>
      </div>
      {updates.source === 'generic' && (
        <>
          <Text
            key={updates.url}
            label="Update server address"
            value={updates.url}
            placeholder="https://updates.example.com/clide/"
            mono
            onCommit={(url) => save('updates', { updates: { url } })}
          />
          <p className="field-help">The folder that holds the installers and their latest*.yml files, as electron-builder writes them.</p>
        </>
      )}
      {errors.updates && (
        <p className="modal-error" role="alert">
          {errors.updates}
        </p>
      )}
    </fieldset>
  );
}
