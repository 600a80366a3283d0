// The Files panel's editor: CodeMirror 6 with line numbers, syntax highlighting (tok-* classes
// styled from the theme, so light and dark follow it), search and replace (Ctrl/Cmd+F), go to
// line (Ctrl/Cmd+Alt+G, or the button), undo history, and Ctrl/Cmd+S to save. Loaded as a part
// of its own when a file first opens. Tab is left to move the focus (the editor is no trap).
import { useEffect, useRef } from 'react';
import { Compartment, EditorState, type Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { gotoLine, highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { classHighlighter } from '@lezer/highlight';
import { languageFor } from './languages';

export interface EditorHandle {
  text(): string;
  /** The selected lines (1-based), or the cursor's line. */
  selectedLines(): { from: number; to: number };
  goToLine(): void;
  focus(): void;
}

export interface CodeEditorProps {
  path: string;
  text: string;
  readOnly: boolean;
  onDirty(dirty: boolean): void;
  onSave(text: string): void;
  onReady(handle: EditorHandle | undefined): void;
}

export function CodeEditor({ path, text, readOnly, onDirty, onSave, onReady }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const calls = useRef({ onDirty, onSave });
  useEffect(() => {
    calls.current = { onDirty, onSave };
  });

  // One view per file and read (the parent keys this component by both).
  useEffect(() => {
    const original: Text = EditorState.create({ doc: text }).doc;
    const language = new Compartment();
    let dirty = false;
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: original,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          search({ top: true }),
          syntaxHighlighting(classHighlighter),
          language.of([]),
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': `Text of ${path}${readOnly ? ' (read-only)' : ''}` }),
          keymap.of([
            { key: 'Mod-s', preventDefault: true, run: (v) => (calls.current.onSave(v.state.doc.toString()), true) },
            ...searchKeymap,
            ...historyKeymap,
            ...defaultKeymap,
          ]),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            const now = !u.state.doc.eq(original);
            if (now !== dirty) calls.current.onDirty((dirty = now));
          }),
        ],
      }),
    });
    let live = true;
    languageFor(path)?.().then(
      (ext) => live && view.dispatch({ effects: language.reconfigure(ext) }),
      () => undefined, // plain text, then
    );
    onReady({
      text: () => view.state.doc.toString(),
      selectedLines: () => {
        const { from, to } = view.state.selection.main;
        const first = view.state.doc.lineAt(from);
        const last = view.state.doc.lineAt(to);
        // A selection that ends at the start of a line does not take that line.
        const end = to > from && to === last.from ? last.number - 1 : last.number;
        return { from: first.number, to: Math.max(first.number, end) };
      },
      goToLine: () => void gotoLine(view),
      focus: () => view.focus(),
    });
    return () => {
      live = false;
      onReady(undefined);
      view.destroy();
    };
    // The parent remounts for another file or read; props read once on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div className="files-code" ref={host} />;
}
