// The way into the "Rules and hooks" panel from the toolbar under the message box (the palette
// is the other).
import { useClide } from '../../store/store';

export function RulesButton() {
  const openDialog = useClide((s) => s.openDialog);
  return (
    <button
      type="button"
      className="pick-trigger ctl-rules"
      title="Rules and hooks: what Claude Code allows, asks about and runs"
      onClick={() => openDialog('rules')}
    >
      Rules
    </button>
  );
}
