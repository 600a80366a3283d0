// The confirmation before Bypass permissions, saying what the mode means. Cancel has the focus:
// Enter right after picking the mode does not turn it on by mistake.
export function BypassConfirm({ onTurnOn, onClose }: { onTurnOn: () => void; onClose: () => void }) {
  return (
    <div className="bypass-confirm" role="alertdialog" aria-label="Turn on Bypass permissions?" aria-describedby="bypass-confirm-text">
      <p id="bypass-confirm-text">
        <strong>Bypass permissions?</strong> Claude will edit files, run commands and use the network without asking you first, for the rest of this session or
        until you change the mode. Use it only where a mistake cannot hurt (a sandbox, a throwaway checkout).
      </p>
      <div className="bypass-actions">
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => {
            onClose();
            onTurnOn();
          }}
        >
          Turn on bypass
        </button>
        <button type="button" className="btn" autoFocus onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
