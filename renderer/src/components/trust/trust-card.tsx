// The question before Claude's first process in a folder that would run something of its own:
// every hook, MCP server, helper, environment variable, plugin, setup or run file and outside
// import, exactly as the folder has it, grouped by the file it is in; then Trust, or Open
// restricted (Claude without anything of the folder's). A restricted tab says what is off.
import { useState } from 'react';
import type { Result } from '../../../../shared/result';
import { RESTRICTED_OFF, type TrustItem, type TrustPrompt } from '../../../../shared/trust';
import { getApi } from '../../api';
import { tildify } from '../../lib/format';
import { guarded } from '../../lib/guarded';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import './trust.css';

export function TrustCard({ sessionId }: { sessionId: string }) {
  const trust = useSessionField(sessionId, (v) => v.info.trust, undefined);
  if (trust?.state === 'asking' && trust.prompt) return <TrustQuestion sessionId={sessionId} prompt={trust.prompt} />;
  if (trust?.state === 'restricted') {
    return (
      <p className="trust-restricted" role="note">
        <strong>Restricted.</strong> {RESTRICTED_OFF}
      </p>
    );
  }
  return null;
}

function TrustQuestion({ sessionId, prompt }: { sessionId: string; prompt: TrustPrompt }) {
  const home = useClide((s) => s.environment?.homeDir);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const call = async (f: () => Promise<Result<unknown>>) => {
    setBusy(true);
    setError(undefined);
    const r = await f();
    setBusy(false);
    if (!r.ok) setError(`${r.error.message}${r.error.hint ? ` ${r.error.hint}` : ''}`);
  };
  const where = prompt.location ? `${prompt.root} on ${prompt.location}` : tildify(prompt.root, home);
  const files = groupByFile(prompt.items);
  return (
    <section className="trust-card" aria-labelledby={`trust-title-${sessionId}`}>
      <h2 className="trust-title" id={`trust-title-${sessionId}`}>
        {prompt.changed ? 'This folder has something new that would run' : 'Do you trust the files in this folder?'}
      </h2>
      <p className="trust-where mono">
        <VisibleText text={where} />
        {prompt.folder && (
          <span className="muted">
            {' '}
            (for <VisibleText text={prompt.location ? prompt.folder : tildify(prompt.folder, home)} />)
          </span>
        )}
      </p>
      <p className="trust-lead">
        {prompt.changed
          ? `You trusted this folder before; these came or changed since${prompt.alreadyTrusted ? ` (${prompt.alreadyTrusted} trusted before ${prompt.alreadyTrusted === 1 ? 'is' : 'are'} not listed)` : ''}. `
          : ''}
        Claude Code would run these as you as soon as it starts here, before it answers anything. They come from the folder, not from you:
      </p>
      <ul className="trust-files">
        {files.map(([file, items]) => (
          <li key={file}>
            <span className="trust-file mono">
              <VisibleText text={file} />
            </span>
            <ul className="trust-items">
              {items.map((item, i) => (
                <li key={i} className={`trust-item is-${item.kind}`}>
                  <span className="trust-label">
                    <VisibleText text={item.label} />
                  </span>
                  <pre className="trust-detail mono">
                    <VisibleText text={item.detail} />
                  </pre>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="trust-actions">
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={busy}
          onClick={() => void call(() => guarded(() => getApi().trust.grant({ id: sessionId, promptId: prompt.promptId })))}
        >
          Trust this folder
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => void call(() => guarded(() => getApi().trust.restrict({ id: sessionId })))}
        >
          Open restricted
        </button>
        {error && (
          <span className="wt-error" role="alert">
            <VisibleText text={error} />
          </span>
        )}
      </div>
      <p className="trust-note muted">
        Restricted: {RESTRICTED_OFF} Trust is kept for the folder{prompt.location ? '' : ' (and its worktrees), shared with Claude Code'}; revoke it in
        Settings.
      </p>
    </section>
  );
}

function groupByFile(items: readonly TrustItem[]): Array<[string, TrustItem[]]> {
  const by = new Map<string, TrustItem[]>();
  for (const item of items) by.set(item.file, [...(by.get(item.file) ?? []), item]);
  return [...by];
}
