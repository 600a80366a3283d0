// The working-folder field with completion (an ARIA combobox): as the person types, the host
// lists the sub-folders that match; arrows pick one, Tab or Enter takes it and goes on into it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PathCompletion } from '../../../../shared/folders';
import type { Result } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { tildify } from '../../lib/format';
import { HiddenCharsNote, VisibleText } from '../common/visible-text';

interface PathFieldProps {
  value: string;
  onChange(value: string): void;
  /** Enter with no suggestion chosen. */
  onSubmit(): void;
  homeDir: string | undefined;
  invalid: boolean;
  describedBy?: string;
  /** Where folders are completed (a remote host); default this computer. */
  complete?: (prefix: string) => Promise<Result<PathCompletion>>;
}

const DEBOUNCE_MS = 80;

export function PathField({ value, onChange, onSubmit, homeDir, invalid, describedBy, complete }: PathFieldProps) {
  const actions = useActions();
  const completePath = complete ?? actions.completePath;
  const [result, setResult] = useState<PathCompletion | undefined>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const seq = useRef(0);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const mine = ++seq.current;
    const t = setTimeout(() => {
      void completePath(value).then((r) => {
        // Only the answer to the latest text counts; a slow early answer must not win.
        if (mine !== seq.current || !r.ok) return;
        setResult(r.value);
        setActive(-1);
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value, completePath]);

  const entries = result?.entries ?? [];
  const showList = open && entries.length > 0;
  const sep = result?.sep ?? '/';

  const take = (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    onChange(tildify(entry.path, homeDir) + sep);
    // The listed entries belong to the old text: drop them and the choice, so an Enter pressed
    // before the new folder's list arrives starts the session instead of taking the entry again.
    setResult(undefined);
    setActive(-1);
    setOpen(true);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!showList) {
        setOpen(true);
        return;
      }
      const n = entries.length;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (showList && active >= 0) take(active);
      else onSubmit();
    } else if (e.key === 'Tab' && !e.shiftKey && showList) {
      // Tab completes, as in a shell: the chosen entry, else the only one.
      const index = active >= 0 ? active : entries.length === 1 ? 0 : -1;
      if (index >= 0) {
        e.preventDefault();
        take(index);
      }
    } else if (e.key === 'Escape' && showList) {
      // Close the list, not the dialog.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="path-field">
      <input
        ref={input}
        className="text-input mono"
        role="combobox"
        aria-label="Working folder"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoFocus
        data-autofocus
        spellCheck={false}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
        // The dialog opens with the focus here: the list waits for typing, a click or an arrow
        // key, so it does not cover the form before the person has asked for folders.
        onFocus={(e) => e.currentTarget.select()}
        onMouseDown={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Folders" className="path-options" hidden={!showList}>
        {entries.map((entry, i) => (
          <li
            key={entry.path}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="path-option"
            // Keep focus in the field: a mousedown would blur it and close the list first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => take(i)}
          >
            <span aria-hidden="true" className="folder-glyph" />
            <span>
              <VisibleText text={entry.name} />
            </span>
          </li>
        ))}
      </ul>
      {showList && result?.truncated && <div className="path-more">More folders match; keep typing to narrow them down.</div>}
      {/* The folder stays as typed (it is the one that is used); a hidden character in it is said below. */}
      <HiddenCharsNote text={value} />
    </div>
  );
}
