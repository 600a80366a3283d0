// Window-wide notices under the tab strip: a folder handed to clide that could not be opened
// (with the reason, until dismissed), and the desktop app's update: "Update ready: restart to
// install" with Restart now, "You're up to date" after a check, or what went wrong.
import { useState } from 'react';
import { updateNotice } from '../../../../shared/update-notice';
import type { AppError } from '../../../../shared/result';
import { VisibleText } from '../common/visible-text';
import { dropLaunchProblem, useDesktop } from './desktop-store';
import { dismissUpdate, restartToUpdate } from './update-actions';
import './desktop.css';

export function DesktopNotices() {
  const problems = useDesktop((s) => s.problems);
  const update = useDesktop((s) => s.update);
  const notice = update ? updateNotice(update) : undefined;
  if (problems.length === 0 && !notice) return null;
  return (
    <div className="desktop-notices">
      {problems.map((p) => (
        <div key={p.id} className="desktop-notice is-error" role="alert">
          <span className="desktop-notice-text">
            <VisibleText text={p.message} />
            {p.hint && <span className="muted"> {p.hint}</span>}
          </span>
          <button type="button" className="btn btn-small" onClick={() => dropLaunchProblem(p.id)}>
            Dismiss
          </button>
        </div>
      ))}
      {notice && (
        <UpdateNotice key={`${update?.phase}:${update?.version ?? ''}`} text={notice.text} tone={notice.tone} restart={notice.restart} busy={notice.busy} />
      )}
    </div>
  );
}

function UpdateNotice({ text, tone, restart, busy }: { text: string; tone: 'info' | 'error'; restart: boolean; busy: boolean }) {
  const [refused, setRefused] = useState<AppError | undefined>();
  const [restarting, setRestarting] = useState(false);
  const onRestart = async () => {
    setRestarting(true);
    const error = await restartToUpdate();
    setRestarting(false);
    setRefused(error);
  };
  return (
    <div className={`desktop-notice${tone === 'error' ? ' is-error' : ''}`} role={tone === 'error' ? 'alert' : 'status'} aria-label="Updates">
      <span className="desktop-notice-text">
        {text}
        {refused && (
          <span className="desktop-notice-refusal">
            {' '}
            {refused.message}
            {refused.hint ? ` ${refused.hint}` : ''}
          </span>
        )}
      </span>
      {restart && (
        <button type="button" className="btn btn-small btn-primary" disabled={restarting} onClick={() => void onRestart()}>
          Restart now
        </button>
      )}
      {!busy && (
        <button type="button" className="btn btn-small" onClick={() => void dismissUpdate()}>
          {restart ? 'Later' : 'Dismiss'}
        </button>
      )}
    </div>
  );
}
