// Exactly what a tool call will do, in full: the whole command, the whole path, the whole
// content of a Write. Long text scrolls inside its box; nothing is cut off, and invisible or
// direction-changing characters are shown as markers.
import type { ReactNode } from 'react';
import type { PermissionRequest } from '../../../../shared/events';
import { countLines } from '../../lib/tools/terminal-text';
import { prettyJson, summarizeToolInput } from '../../lib/tools/tool-summary';
import { VisibleText } from '../common/visible-text';
import { MarkdownText } from '../transcript/markdown';
import { diffLines, diffStats } from './prompt-diff';
import { str } from '../../../../shared/guards';

function Field({ label, children, note }: { label: string; children: ReactNode; note?: string }) {
  return (
    <div className="prompt-field">
      <div className="prompt-field-label">
        {label}
        {note && <span className="prompt-field-note"> · {note}</span>}
      </div>
      {children}
    </div>
  );
}

function Exact({ text, tall = false }: { text: string; tall?: boolean }) {
  return (
    <pre className={`prompt-exact${tall ? ' is-tall' : ''}`} dir="ltr">
      <VisibleText text={text} />
    </pre>
  );
}

function lines(text: string): string {
  const n = countLines(text);
  return `${n.toLocaleString()} ${n === 1 ? 'line' : 'lines'}`;
}

export function WhatWillHappen({ request }: { request: PermissionRequest }) {
  const input = request.input;
  const path = str(input.file_path) ?? str(input.notebook_path);
  switch (request.toolName) {
    case 'Bash':
    case 'PowerShell': {
      const command = str(input.command);
      if (command === undefined) break;
      return (
        <Field label="Command">
          <Exact text={command} />
        </Field>
      );
    }
    case 'Write': {
      const content = str(input.content);
      if (path === undefined) break;
      return (
        <>
          <Field label="File">
            <Exact text={path} />
          </Field>
          {content !== undefined && (
            <Field label="New content" note={lines(content)}>
              <Exact text={content} tall />
            </Field>
          )}
        </>
      );
    }
    case 'Edit': {
      const oldText = str(input.old_string);
      const newText = str(input.new_string);
      if (path === undefined) break;
      return (
        <>
          <Field label="File" note={input.replace_all === true ? 'every occurrence' : undefined}>
            <Exact text={path} />
          </Field>
          {oldText !== undefined && newText !== undefined && <EditDiff before={oldText} after={newText} />}
        </>
      );
    }
    case 'MultiEdit': {
      const edits = Array.isArray(input.edits) ? (input.edits as unknown[]) : [];
      if (path === undefined || edits.length === 0) break;
      return (
        <>
          <Field label="File" note={`${edits.length} ${edits.length === 1 ? 'edit' : 'edits'}`}>
            <Exact text={path} />
          </Field>
          {edits.map((e, i) => {
            const edit = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
            const before = str(edit.old_string);
            const after = str(edit.new_string);
            if (before === undefined || after === undefined) return null;
            return <EditDiff key={i} before={before} after={after} label={`Edit ${i + 1}`} />;
          })}
        </>
      );
    }
    case 'ExitPlanMode': {
      const plan = str(input.plan);
      if (plan === undefined) break;
      return (
        <Field label="Plan">
          <div className="prompt-plan">
            <MarkdownText text={plan} />
          </div>
        </Field>
      );
    }
  }
  const summary = summarizeToolInput(request.toolName, input);
  if (summary.kind === 'json') {
    return (
      <Field label="Input">
        <Exact text={prettyJson(input)} tall />
      </Field>
    );
  }
  const label = { command: 'Command', path: 'Path', pattern: 'Pattern', url: 'URL', text: 'Details', json: 'Input' }[summary.kind];
  return (
    <>
      <Field label={label}>
        <Exact text={summary.text} />
      </Field>
      {summary.detail && (
        <Field label="In">
          <Exact text={summary.detail} />
        </Field>
      )}
    </>
  );
}

/** The change an edit makes, every line of it, with − and + marks. */
function EditDiff({ before, after, label = 'Change' }: { before: string; after: string; label?: string }) {
  const lines = diffLines(before, after);
  const { added, removed } = diffStats(lines);
  return (
    <Field label={label} note={`+${added} −${removed}`}>
      <pre className="prompt-exact prompt-diff is-tall" dir="ltr" aria-label={`${label}: ${added} added, ${removed} removed`}>
        {lines.map((l, i) => (
          <span key={i} className={`pd-line pd-${l.kind}`}>
            <span className="pd-mark" aria-hidden="true">
              {l.kind === 'add' ? '+' : l.kind === 'del' ? '−' : ' '}
            </span>
            <VisibleText text={l.text} />
            {'\n'}
          </span>
        ))}
      </pre>
    </Field>
  );
}

export function FullInput({ input }: { input: Record<string, unknown> }) {
  return (
    <details className="prompt-full-input">
      <summary>Full input</summary>
      <Exact text={prettyJson(input)} tall />
    </details>
  );
}
