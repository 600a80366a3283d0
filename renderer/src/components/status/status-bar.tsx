// The active tab's status: model, context (with a breakdown), cost, rate limits, permission
// mode, CLI version, MCP servers, background tasks running and session id. Filled from `initialize` and a context count before the
// first prompt, then from `init` and each `result`.
import { useEffect } from 'react';
import type { PaneSide } from '../../store/split';
import type { SessionStatus } from '../../../../shared/events';
import { useActions } from '../../actions-context';
import { formatCost, permissionModeLabel, tildify } from '../../lib/format';
import { modelDisplayName } from '../../lib/model-name';
import { useSessionField } from '../../store/hooks';
import { clideStore, useClide } from '../../store/store';
import { mcpEntryPart } from '../mcp/mcp-entry-part';
import { TasksStatusItem } from '../tasks/tasks-entry';
import { ContextItem } from './context-item';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { GitStatusItem } from '../worktree/git-glance';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';
import { HostBadge } from '../remote/host-badge';

// The rate limit item appears once Claude Code has reported a limit: a part loaded then.
const rateLimitItem = lazyPart('the rate limit item', () => import('./rate-limit'));
// The session id with its Copy button: drawn just after the first screen (R12-JS budget).
const sessionIdItem = lazyPart('the session id', () => import('./session-id'), { soon: true });

const statusLabel: Record<SessionStatus, string> = {
  // Takes a message like a ready tab: its process starts with the first one.
  'not-started': 'Ready',
  starting: 'Starting',
  ready: 'Ready',
  working: 'Working',
  waiting: 'Needs you',
  parked: 'Parked',
  ended: 'Ended',
  failed: 'Failed',
};

const statusTitle: Partial<Record<SessionStatus, string>> = {
  'not-started': 'Claude starts when you send the first message.',
  parked: 'Claude was stopped after this session sat idle, to free its memory. The next message resumes the conversation.',
};

/** While a worktree's setup holds Claude back, the tab is not simply "Ready": it says why. */
const setupLabel: Record<'running' | 'confirm' | 'failed', { label: string; title: string; look: SessionStatus }> = {
  running: { label: 'Setting up', title: 'The worktree is being set up; Claude starts when it is done.', look: 'starting' },
  confirm: { label: 'Needs you', title: 'The repository’s setup file waits for your confirmation before Claude starts.', look: 'waiting' },
  failed: { label: 'Setup failed', title: 'The worktree’s setup failed: Retry it, or start Claude anyway.', look: 'failed' },
};

/** A folder's trust question is open: Claude does not start until it is answered (shared/trust.ts). */
const TRUST_LABEL = {
  label: 'Needs you',
  title: 'The folder would run files of its own: trust it, or open it restricted, before Claude starts.',
  look: 'waiting' as const,
};

/** Sessions whose context was asked for before their first prompt (asked once each). */
const asked = new Set<string>();

/**
 * The shown session's status line: the window's footer (contentinfo), or in a split view one per
 * pane, each a region named for its pane (a footer inside the panes is no landmark by itself, and
 * a window has one contentinfo).
 */
export function StatusBar({ sessionId, pane }: { sessionId: string; pane?: PaneSide }) {
  const actions = useActions();
  const modelId = useSessionField(sessionId, (v) => v.info.model, undefined);
  const models = useSessionField(sessionId, (v) => v.info.models, undefined);
  const usageModel = useClide((s) => s.contextUsage[sessionId]?.model);
  const cost = useSessionField(sessionId, (v) => v.costUsd, undefined);
  const turnCost = useSessionField(sessionId, (v) => v.lastResult?.turnCostUsd, undefined);
  const mode = useSessionField(sessionId, (v) => v.info.permissionMode, undefined);
  const cli = useSessionField(sessionId, (v) => v.info.cliVersion, undefined);
  const tested = useSessionField(sessionId, (v) => v.info.testedCliVersion, undefined);
  const claudeSessionId = useSessionField(sessionId, (v) => v.info.claudeSessionId, undefined);
  const rateLimit = useSessionField(sessionId, (v) => v.rateLimit, undefined);
  const status = useSessionField(sessionId, (v) => v.status, 'starting');
  const setupPhase = useSessionField(sessionId, (v) => v.setup?.phase, undefined);
  const asking = useSessionField(sessionId, (v) => v.info.trust?.state === 'asking', false);
  const held = asking
    ? TRUST_LABEL
    : (status === 'not-started' || status === 'starting') && setupPhase && setupPhase !== 'done'
      ? setupLabel[setupPhase]
      : undefined;
  const windowKnown = useSessionField(sessionId, (v) => v.contextWindow !== undefined, false);
  const cwd = useSessionField(sessionId, (v) => v.info.cwd ?? v.cwd, '');
  const home = useClide((s) => s.environment?.homeDir);
  const appTested = useClide((s) => s.environment?.testedCliVersion);

  // Before the first prompt only `initialize` has spoken: ask the CLI for its context count
  // once, which also names the model it will use and the window size. A tab with no process
  // yet gets the count its folder started with last time (nothing is started to ask).
  const live = status === 'ready' || status === 'working' || status === 'waiting';
  const notStarted = status === 'not-started';
  useEffect(() => {
    if (!(live || notStarted) || windowKnown || asked.has(`${sessionId}:${notStarted}`) || clideStore.getState().contextUsage[sessionId]) return;
    asked.add(`${sessionId}:${notStarted}`);
    void actions.fetchContextUsage(sessionId, notStarted);
  }, [live, notStarted, windowKnown, sessionId, actions]);

  const model = modelDisplayName(modelId ?? usageModel, models);
  const rawModel = modelId ?? usageModel;
  const testedVersion = tested ?? appTested;
  const mismatch = Boolean(cli && testedVersion && cli !== testedVersion);

  return (
    <footer className="status-bar" role={pane ? 'region' : undefined} aria-label={pane ? `Session status, ${pane} pane` : 'Session status'}>
      <span
        className="sb-item sb-model"
        title={model ? `Model: ${model}${rawModel && rawModel !== model ? ` (${rawModel})` : ''}` : 'The model is reported once Claude starts'}
      >
        {model ?? '–'}
      </span>
      <ContextItem sessionId={sessionId} />
      <button
        type="button"
        className="sb-item sb-button sb-cost"
        title={`Cost of this session so far, as Claude Code reports it${turnCost !== undefined ? `; the last turn cost ${formatCost(turnCost)}` : ''}. Opens Usage.`}
        onClick={() => clideStore.getState().openDialog('usage')}
      >
        {cost === undefined ? '$0.00' : formatCost(cost)}
      </button>
      <LazyView part={rateLimitItem} when={rateLimit !== undefined}>
        {(m) => rateLimit && <m.RateLimitItem sessionId={sessionId} rateLimit={rateLimit} />}
      </LazyView>
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
      <LazyView part={mcpEntryPart}>{(m) => <m.McpStatusItem sessionId={sessionId} />}</LazyView>
      <TasksStatusItem sessionId={sessionId} />
      <LazyView part={sessionIdItem}>{(m) => <m.SessionIdItem id={claudeSessionId} />}</LazyView>
      <span className="sb-spacer" />
      <GitStatusItem sessionId={sessionId} />
      <HostBadge sessionId={sessionId} place="status" />
      <span className="sb-item sb-cwd mono" title={makeVisible(cwd)}>
        <span className="sb-cwd-text">
          <VisibleText text={tildify(cwd, home)} />
        </span>
      </span>
      <span className={`sb-item sb-status status-${held?.look ?? status}`} title={held?.title ?? statusTitle[status]}>
        <span className="status-dot" aria-hidden="true" />
        {held?.label ?? statusLabel[status]}
      </span>
    </footer>
  );
}
