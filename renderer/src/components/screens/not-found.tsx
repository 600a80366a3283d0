import { useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { formatClock } from '../../lib/format';
import { useClide } from '../../store/store';
import { CopyButton } from '../transcript/copy-button';

const INSTALL = 'npm install -g @anthropic-ai/claude-code';

/** Full-window: clide cannot do anything without the claude executable, so say how to get it. */
export function NotFoundScreen() {
  const actions = useActions();
  const claude = useClide((s) => s.environment?.claude);
  const platform = useClide((s) => s.environment?.platform);
  const [checking, setChecking] = useState(false);
  const [lastCheck, setLastCheck] = useState<{ at: number; error?: AppError } | undefined>();

  const check = async () => {
    setChecking(true);
    const r = await actions.checkClaude();
    setChecking(false);
    setLastCheck({ at: Date.now(), error: r.ok ? undefined : r.error });
  };

  const envExample = platform === 'win32' ? 'setx CLIDE_CLAUDE_PATH "C:\\path\\to\\claude.exe"' : 'export CLIDE_CLAUDE_PATH=/path/to/claude';

  return (
    <main className="screen">
      <div className="screen-card">
        <div className="screen-icon" aria-hidden="true">
          !
        </div>
        <h1>Claude Code was not found</h1>
        <p className="screen-lead">
          {claude?.error?.message ?? 'clide looked for the claude executable and could not find it.'}
          {claude?.error?.hint && <span className="muted"> {claude.error.hint}</span>}
        </p>
        <p>clide is a window onto Claude Code, the command-line tool, and needs it installed on this computer.</p>
        <h2>How to fix it</h2>
        <ol className="fix-steps">
          <li>
            <div>Install Claude Code:</div>
            <div className="command-line">
              <code>{INSTALL}</code>
              <CopyButton text={INSTALL} />
            </div>
          </li>
          <li>
            <div>
              Log in once by running <code>claude</code> in a terminal and following its instructions.
            </div>
          </li>
          <li>
            <div>
              If it is installed somewhere clide does not look, point <code>CLIDE_CLAUDE_PATH</code> at the executable and restart clide:
            </div>
            <div className="command-line">
              <code>{envExample}</code>
            </div>
          </li>
        </ol>
        <div className="screen-actions">
          <button type="button" className="btn btn-primary" onClick={() => void check()} disabled={checking}>
            {checking ? 'Checking…' : 'Check again'}
          </button>
          {lastCheck && !checking && (
            <span className="muted" role="status">
              {lastCheck.error ? `Could not check: ${lastCheck.error.message}` : `Still not found (checked at ${formatClock(lastCheck.at)}).`}
            </span>
          )}
        </div>
      </div>
    </main>
  );
}
