import { contextPercent } from '../../../../shared/transcript';
import { formatContext, formatCost, modelLabel, permissionModeLabel, tildify } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import type { SessionStatus } from '../../../../shared/events';

const statusLabel: Record<SessionStatus, string> = {
  starting: 'Starting',
  ready: 'Ready',
  working: 'Working',
  waiting: 'Needs you',
  ended: 'Ended',
  failed: 'Failed',
};

export function StatusBar({ sessionId }: { sessionId: string }) {
  const model = useSessionField(sessionId, (v) => modelLabel(v.info.model, v.info.models), undefined);
  const tokens = useSessionField(sessionId, (v) => v.contextTokens, undefined);
  const ctxWindow = useSessionField(sessionId, (v) => v.contextWindow, undefined);
  const cost = useSessionField(sessionId, (v) => v.costUsd, undefined);
  const mode = useSessionField(sessionId, (v) => v.info.permissionMode, undefined);
  const cli = useSessionField(sessionId, (v) => v.info.cliVersion, undefined);
  const tested = useSessionField(sessionId, (v) => v.info.testedCliVersion, undefined);
  const status = useSessionField(sessionId, (v) => v.status, 'starting');
  const cwd = useSessionField(sessionId, (v) => v.info.cwd ?? v.cwd, '');
  const home = useClide((s) => s.environment?.homeDir);
  const appTested = useClide((s) => s.environment?.testedCliVersion);

  const percent = contextPercent({ contextTokens: tokens, contextWindow: ctxWindow });
  const testedVersion = tested ?? appTested;
  const mismatch = Boolean(cli && testedVersion && cli !== testedVersion);
  const level = percent === undefined ? 'none' : percent >= 90 ? 'high' : percent >= 70 ? 'mid' : 'low';

  return (
    <footer className="status-bar" aria-label="Session status">
      <span className="sb-item sb-model" title={model ? `Model: ${model}` : 'The model is reported once Claude starts'}>
        {model ?? '–'}
      </span>
      <span className="sb-item sb-context" title="Context window in use">
        <span className="sb-key">ctx</span> {formatContext(tokens, ctxWindow, percent)}
        {percent !== undefined && (
          <span className="meter" data-level={level} aria-hidden="true">
            <span style={{ width: `${Math.max(2, percent)}%` }} />
          </span>
        )}
      </span>
      <span className="sb-item sb-cost" title="Cost of this session so far">
        {cost === undefined ? '$0.00' : formatCost(cost)}
      </span>
      <span className="sb-item sb-mode" title="Permission mode">
        {permissionModeLabel(mode)}
      </span>
      <span
        className={`sb-item sb-cli${mismatch ? ' is-warning' : ''}`}
        title={
          mismatch
            ? `Claude Code ${cli} is installed; this version of clide was tested with ${testedVersion}. Most things should work; anything odd may come from the difference.`
            : 'Claude Code version'
        }
      >
        {mismatch && (
          <span className="warn-mark" aria-label="Untested version">
            ⚠
          </span>
        )}
        CLI {cli ?? '–'}
      </span>
      <span className="sb-spacer" />
      <span className="sb-item sb-cwd mono" title={cwd}>
        {tildify(cwd, home)}
      </span>
      <span className={`sb-item sb-status status-${status}`}>
        <span className="status-dot" aria-hidden="true" />
        {statusLabel[status]}
      </span>
    </footer>
  );
}
