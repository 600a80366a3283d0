// One terminal on screen: xterm.js attached to a shell in the core. It first takes the
// scrollback the core kept (terminal:attach), then the output events from where that ends, so
// a reload shows the same screen. Keys go back through terminal:write; the size follows the
// panel (fit). Ctrl+Shift+F searches, Ctrl+Shift+C and Ctrl+Shift+V copy and paste, links open
// in the browser, and the selection can be sent to Claude.
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebLinksAddon } from '@xterm/addon-web-links';
import '@xterm/xterm/css/xterm.css';
import { TERMINAL_SCROLLBACK_LINES } from '../../../../shared/terminal';
import { getApi } from '../../api';
import { isRunKey, isTerminalKey } from './terminal-store';
import { terminalTheme, watchTheme } from './terminal-theme';
import { sendToClaude } from './terminal-actions';

export function TerminalView({ terminalId, sessionId, shown, focusTick }: { terminalId: string; sessionId: string; shown: boolean; focusTick: number }) {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const fit = useRef<FitAddon | null>(null);
  const search = useRef<SearchAddon | null>(null);
  const [selection, setSelection] = useState('');
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const api = getApi();
    const t = new Terminal({
      scrollback: TERMINAL_SCROLLBACK_LINES,
      allowProposedApi: true,
      fontFamily: getComputedStyle(el).getPropertyValue('--font-mono') || 'monospace',
      fontSize: 13,
      cursorBlink: true,
      theme: terminalTheme(el),
    });
    const fitAddon = new FitAddon();
    const searchAddon = new SearchAddon();
    t.loadAddon(fitAddon);
    t.loadAddon(searchAddon);
    t.loadAddon(new Unicode11Addon());
    t.unicode.activeVersion = '11';
    t.loadAddon(
      new WebLinksAddon((_event, uri) => {
        if (/^https?:\/\//i.test(uri)) window.open(uri, '_blank', 'noopener,noreferrer');
      }),
    );
    t.open(el);
    term.current = t;
    fit.current = fitAddon;
    search.current = searchAddon;

    // The window's own keys pass through xterm.js untouched; copy, paste and search are ours.
    t.attachCustomKeyEventHandler((e) => {
      if (e.type !== 'keydown') return true;
      // The window's keys (the panel, Run), not the shell's.
      if (isTerminalKey(e) || isRunKey(e)) return false;
      const mod = e.ctrlKey && e.shiftKey && !e.altKey && !e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'c') {
        const text = t.getSelection();
        if (text) void navigator.clipboard?.writeText(text).catch(() => undefined);
        e.preventDefault();
        return false;
      }
      if (mod && key === 'v') {
        void navigator.clipboard
          ?.readText()
          .then((text) => text && t.paste(text))
          .catch(() => undefined);
        e.preventDefault();
        return false;
      }
      if (mod && key === 'f') {
        e.preventDefault();
        setSearching(true);
        return false;
      }
      return true;
    });

    // Output from where the attached scrollback ends; events that come first wait for it.
    let end = -1;
    const early: Array<{ start: number; data: string }> = [];
    const write = (start: number, data: string) => {
      const skip = end - start;
      if (skip >= data.length) return;
      t.write(skip > 0 ? data.slice(skip) : data);
      end = start + data.length;
    };
    const off = api.onEvents((batch) => {
      for (const e of batch) {
        if (e.type !== 'terminal-output' || e.terminalId !== terminalId) continue;
        if (end < 0) early.push(e);
        else write(e.start, e.data);
      }
    });
    let disposed = false;
    void api.terminal.attach({ terminalId }).then((r) => {
      if (disposed || !r.ok) return;
      t.write(r.value.scrollback);
      end = r.value.end;
      for (const e of early.splice(0)) write(e.start, e.data);
    });

    const input = t.onData((data) => void api.terminal.write({ terminalId, data }));
    const resized = t.onResize(({ cols, rows }) => void api.terminal.resize({ terminalId, cols, rows }));
    const selected = t.onSelectionChange(() => setSelection(t.getSelection()));
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (el.offsetParent !== null) fitAddon.fit();
      });
    });
    observer.observe(el);
    const stopTheme = watchTheme(() => (t.options.theme = terminalTheme(el)));
    return () => {
      disposed = true;
      off();
      input.dispose();
      resized.dispose();
      selected.dispose();
      observer.disconnect();
      cancelAnimationFrame(frame);
      stopTheme();
      t.dispose();
      term.current = null;
    };
  }, [terminalId]);

  useEffect(() => {
    if (!shown) return;
    fit.current?.fit();
    term.current?.focus();
  }, [shown, focusTick]);

  const find = (back: boolean) => {
    if (!query) return;
    if (back) search.current?.findPrevious(query);
    else search.current?.findNext(query);
  };
  const onSearchKey = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      find(e.shiftKey);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setSearching(false);
      search.current?.clearDecorations();
      term.current?.focus();
    }
  };

  return (
    <div className="terminal-view" hidden={!shown}>
      <div className="terminal-tools">
        {searching && (
          <input
            className="terminal-search"
            type="search"
            aria-label="Find in the terminal"
            placeholder="Find (Enter, Shift+Enter)"
            autoFocus
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              if (e.target.value) search.current?.findNext(e.target.value, { incremental: true });
            }}
            onKeyDown={onSearchKey}
          />
        )}
        <button
          type="button"
          className="terminal-send"
          disabled={!selection.trim()}
          title="Put the selected output into the message box"
          onClick={() => sendToClaude(sessionId, selection)}
        >
          Send to Claude
        </button>
      </div>
      <div className="terminal-screen" ref={host} />
    </div>
  );
}
