import { keyLabel } from '../../lib/shortcuts';
import { useClide } from '../../store/store';

export function SettingsButton() {
  const openDialog = useClide((s) => s.openDialog);
  return (
    <button
      type="button"
      className="icon-button settings-button"
      aria-label="Settings"
      aria-haspopup="dialog"
      title={`Settings (${keyLabel(',')})`}
      onClick={() => openDialog('settings')}
    >
      <span aria-hidden="true">⚙</span>
    </button>
  );
}
