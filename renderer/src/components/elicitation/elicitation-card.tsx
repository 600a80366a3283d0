// An MCP server asks the person for input, inline at the end of the transcript and in the
// "needs you" inbox like a permission prompt. A form built from the server's schema, or a page
// to open: the address is shown whole, and only a click on the link itself opens it (through
// the app's external-link path) and says yes. Accept, Decline and Cancel are the protocol's
// three answers; the main process checks the content against the form again before it goes.
//
// Keys follow the other cards (use-prompt-focus.ts): nothing is answered by a key until the
// person chose the card. Enter in a field sends the form; Esc cancels.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { ElicitationAnswer } from '../../../../shared/mcp';
import { initialValue, readForm, type RawValue } from '../../../../shared/mcp-form';
import { makeVisible } from '../../../../shared/visible-chars';
import { safeLink } from '../../lib/safe-url';
import { VisibleText } from '../common/visible-text';
import { answering } from '../composer/api-calls';
import { PromptError, useSend, type CardProps } from '../permission/card-parts';
import { usePromptFocus } from '../permission/use-prompt-focus';
import { FormFieldRow } from './form-fields';
import './elicitation.css';

export function ElicitationCard({ sessionId, request, count }: CardProps) {
  const e = request.elicitation!;
  const focus = usePromptFocus();
  const { busy, error, answer } = useSend((a: ElicitationAnswer) => answering.answerPrompt(sessionId, request.requestId, { input: a }));
  const fields = e.fields;
  const [raw, setRaw] = useState<Record<string, RawValue>>(() => Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])));
  const [touched, setTouched] = useState<Record<string, true>>({});
  const [tried, setTried] = useState(false);
  const read = useMemo(() => readForm(fields, raw), [fields, raw]);
  const titleId = useId();
  const descId = useId();
  const isUrl = e.mode === 'url';
  const link = isUrl ? safeLink(e.url) : undefined;

  const accept = () => {
    if (isUrl) return void answer({ action: 'accept' });
    setTried(true);
    if (Object.keys(read.problems).length > 0) return;
    void answer({ action: 'accept', content: read.content });
  };
  const decline = () => void answer({ action: 'decline' });
  const cancel = () => void answer({ action: 'cancel' });

  const onKeyDown = (ev: KeyboardEvent<HTMLDivElement>) => {
    if (ev.nativeEvent.isComposing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = ev.target as HTMLElement;
    const inField = target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
    if (ev.key === 'Escape') {
      ev.preventDefault();
      if (focus.armed || inField) cancel();
      else focus.nudge();
      return;
    }
    if (ev.key === 'Enter' && !ev.shiftKey && target instanceof HTMLInputElement && target.type !== 'checkbox' && !isUrl) {
      ev.preventDefault();
      accept();
      return;
    }
    if (!inField) focus.passThrough(ev);
  };

  const problems = Object.keys(read.problems).length;
  return (
    <div
      {...focus.rootProps}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descId}
      className="prompt prompt-elicitation"
      onKeyDown={onKeyDown}
    >
      <div className="prompt-head">
        <span className="prompt-icon" aria-hidden="true">
          {isUrl ? '↗' : '✎'}
        </span>
        <h2 id={titleId} className="prompt-title">
          <VisibleText text={e.server} /> {isUrl ? 'asks you to open a page' : 'asks for input'}
        </h2>
        <span className="chip">
          <span>MCP server</span>
        </span>
        {count > 1 && <span className="chip prompt-count">1 of {count}</span>}
      </div>
      <div id={descId} className="prompt-desc">
        {e.title && (
          <p className="el-heading">
            <VisibleText text={e.title} />
          </p>
        )}
        {e.message && (
          <p className="el-message">
            <VisibleText text={e.message} />
          </p>
        )}
      </div>
      <div className="prompt-body">
        {isUrl ? (
          <div className="el-url">
            <div className="prompt-field-label">The page</div>
            <code className="el-url-text">{makeVisible(e.url ?? '(no address given)')}</code>
            {link ? (
              <a className="btn btn-primary el-open" href={link} target="_blank" rel="noopener noreferrer" onClick={() => !busy && accept()}>
                Open the page in your browser
              </a>
            ) : (
              <p className="el-problem">clide opens only web addresses (http or https), so it cannot open this one. Decline or cancel.</p>
            )}
          </div>
        ) : fields.length === 0 ? (
          <p className="muted">The server asks for no details: Accept just says yes.</p>
        ) : (
          <form
            className="el-form"
            noValidate
            aria-label={`Form from ${makeVisible(e.server)}`}
            onSubmit={(ev) => {
              ev.preventDefault();
              accept();
            }}
          >
            {fields.map((f) => (
              <FormFieldRow
                key={f.name}
                field={f}
                value={raw[f.name] ?? initialValue(f)}
                problem={tried || touched[f.name] ? read.problems[f.name] : undefined}
                disabled={busy}
                onChange={(v) => {
                  setRaw((r) => ({ ...r, [f.name]: v }));
                  setTouched((t) => ({ ...t, [f.name]: true }));
                }}
                onTouch={() => setTouched((t) => ({ ...t, [f.name]: true }))}
              />
            ))}
          </form>
        )}
      </div>
      <div className="prompt-actions">
        {!isUrl && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={accept}>
            Accept
          </button>
        )}
        <button type="button" className="btn" disabled={busy} onClick={decline} title="Say no: the server is told you declined">
          Decline
        </button>
        <button type="button" className="btn" disabled={busy} onClick={cancel} title="Dismiss without an answer: the server is told you cancelled">
          Cancel
          {focus.armed && (
            <kbd aria-hidden="true" className="key-hint">
              Esc
            </kbd>
          )}
        </button>
        {tried && problems > 0 && (
          <span className="el-summary" role="status">
            {problems === 1 ? '1 field needs' : `${problems} fields need`} a change.
          </span>
        )}
      </div>
      <div className={`prompt-hint${focus.nudged && !focus.armed ? ' is-nudged' : ''}`}>
        {focus.armed
          ? isUrl
            ? 'Open the page with its button, or decline · Esc cancels'
            : 'Enter in a field accepts · Esc cancels'
          : `Press Tab to ${isUrl ? 'choose' : 'fill in the form or choose'} an answer. Nothing is sent without you.`}
      </div>
      <PromptError error={error} />
    </div>
  );
}
