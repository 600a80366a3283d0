// The list of the message box's `/` and `@` suggestions (typeahead-menu.tsx has the logic): a
// part loaded right after the first screen, shown once the person types a trigger.
import { useEffect, useRef } from 'react';
import type { CommandMatch } from './typeahead';
import type { Typeahead } from './typeahead-menu';
import { VisibleText } from '../common/visible-text';

export function TypeaheadMenu({ t, onPick }: { t: Typeahead; onPick(i: number): void }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${t.active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [t.active]);
  if (!t.open) return null;
  const label = t.trigger?.kind === 'command' ? 'Commands' : 'Files';
  return (
    <div className="typeahead" data-kind={t.trigger?.kind}>
      <ul ref={list} id={t.listId} role="listbox" aria-label={label} className="typeahead-list">
        {t.items.map((item, i) => (
          <li
            key={item.key}
            id={t.optionId(i)}
            data-index={i}
            role="option"
            aria-selected={i === t.active}
            className="typeahead-item"
            // Keep focus in the composer: a mousedown would take it.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => i !== t.active && t.setActive(i)}
            onClick={() => onPick(i)}
          >
            {item.kind === 'command' ? <CommandRow c={item.command} /> : <FileRow path={item.path} folder={item.folder} />}
          </li>
        ))}
      </ul>
      {t.note && (
        <div className="typeahead-note">
          <VisibleText text={t.note} />
        </div>
      )}
    </div>
  );
}

function CommandRow({ c }: { c: CommandMatch }) {
  const description = c.description.replace(/\s*\((project|user)\)\s*$/, '');
  return (
    <>
      <span className="ta-name mono">
        <VisibleText text={`/${c.name}`} />
      </span>
      {c.argumentHint && (
        <span className="ta-hint mono">
          <VisibleText text={c.argumentHint} />
        </span>
      )}
      {c.source && <span className="chip ta-source">{c.source}</span>}
      <span className="ta-desc">
        <VisibleText text={description} />
      </span>
    </>
  );
}

function FileRow({ path, folder }: { path: string; folder: boolean }) {
  const trimmed = folder ? path.slice(0, -1) : path;
  const cut = trimmed.lastIndexOf('/');
  return (
    <>
      <span className="ta-icon" aria-hidden="true">
        {folder ? '▸' : '·'}
      </span>
      <span className="ta-name mono">
        <VisibleText text={trimmed.slice(cut + 1)} />
        {folder ? '/' : ''}
      </span>
      {cut >= 0 && (
        <span className="ta-desc mono">
          <VisibleText text={trimmed.slice(0, cut + 1)} />
        </span>
      )}
    </>
  );
}
