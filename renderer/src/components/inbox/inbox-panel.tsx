// What waits for the person in every tab, each answerable right here: the tab's first prompt
// as the same card the transcript shows (so the answer is the same, with the same safeguards),
// then any further ones it will show next.
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { summarizeToolInput } from '../../lib/tools/tool-summary';
import { attentionKind, type AttentionKind } from '../../store/attention';
import { tabTitle } from '../../store/tabs';
import { useClide } from '../../store/store';
import { PermissionPrompt } from '../permission/pending-prompt';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';

const kindLabel: Record<AttentionKind, string> = {
  permission: 'Permission',
  question: 'Question',
  plan: 'Plan approval',
  input: 'MCP input',
  dialog: 'Claude Code asks',
};

export function InboxPanel({ onOpenTab }: { onOpenTab(): void }) {
  const root = useRef<HTMLDivElement>(null);
  // Each card takes focus as it mounts, so the last one would win: start at the top instead.
  useEffect(() => {
    const el = root.current;
    el?.querySelector<HTMLElement>('.prompt, [role="dialog"][tabindex="-1"]')?.focus({ preventScroll: true });
    el?.parentElement?.scrollTo({ top: 0 });
  }, []);
  const ids = useClide(useShallow((s) => s.order.filter((id) => (s.sessions[id]?.pending.length ?? 0) > 0)));
  const notifications = useClide((s) => s.settings?.notifications.enabled);
  const openDialog = useClide((s) => s.openDialog);
  return (
    <div className="inbox" ref={root}>
      <div className="inbox-head">
        <h2 className="inbox-title">Needs you</h2>
        <span className="muted">{ids.length === 0 ? 'All clear' : 'Answer here, or open the tab'}</span>
      </div>
      {ids.length === 0 ? (
        <p className="inbox-empty">Nothing waits for you. When Claude asks for permission, has a question or a plan to approve in any tab, it shows up here.</p>
      ) : (
        <ul className="inbox-list">
          {ids.map((id) => (
            <InboxGroup key={id} sessionId={id} onOpenTab={onOpenTab} />
          ))}
        </ul>
      )}
      {notifications === false && (
        <p className="inbox-foot muted">
          Notifications are off.{' '}
          <button type="button" className="link-button" onClick={() => openDialog('settings')}>
            Settings
          </button>
        </p>
      )}
    </div>
  );
}

function InboxGroup({ sessionId, onOpenTab }: { sessionId: string; onOpenTab(): void }) {
  const name = useClide((s) => tabTitle(s.sessions[sessionId]));
  const kind = useClide((s) => {
    const first = s.sessions[sessionId]?.pending[0];
    return first ? attentionKind(first) : 'permission';
  });
  const later = useClide(
    useShallow((s) =>
      (s.sessions[sessionId]?.pending.slice(1) ?? []).map(
        (r) => `${r.displayName}: ${r.elicitation || r.dialog ? (r.description ?? '') : summarizeToolInput(r.toolName, r.input).text}`,
      ),
    ),
  );
  const setActive = useClide((s) => s.setActive);
  return (
    <li className="inbox-group" aria-label={makeVisible(`${name}: ${kindLabel[kind]}`)}>
      <div className="inbox-group-head">
        <span className="tab-marker marker-needs-you" aria-hidden="true" />
        <span className="inbox-tab">
          <VisibleText text={name} />
        </span>
        <span className="chip">{kindLabel[kind]}</span>
        <button
          type="button"
          className="link-button inbox-open"
          onClick={() => {
            setActive(sessionId);
            onOpenTab();
          }}
        >
          Open tab
        </button>
      </div>
      <div className="inbox-card">
        <PermissionPrompt sessionId={sessionId} />
      </div>
      {later.length > 0 && (
        <div className="inbox-later">
          <span className="muted">Then:</span>
          <ul>
            {later.map((text, i) => (
              <li key={i} className="mono">
                <VisibleText text={text} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
