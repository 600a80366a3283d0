// Syntax highlighting off the main thread: highlight.js runs here, and the page gets back runs
// (see ../lib/transcript/highlight-runs.ts), never HTML.
import hljs from 'highlight.js/lib/common';
import { runsFromHtml } from '../lib/transcript/highlight-runs';
import type { HighlightReply, HighlightRequest } from './highlight-protocol';

/** Guessing a language is costly; only short snippets without a fence language get a guess. */
const AUTO_DETECT_MAX = 20_000;

function highlight(req: HighlightRequest): HighlightReply {
  const { id, code } = req;
  try {
    const lang = req.lang && hljs.getLanguage(req.lang) ? req.lang : undefined;
    let html: string;
    let language: string | undefined;
    if (lang) {
      html = hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
      language = lang;
    } else if (!req.lang && code.length <= AUTO_DETECT_MAX) {
      const r = hljs.highlightAuto(code);
      if ((r.relevance ?? 0) < 5) return { id, ok: false };
      html = r.value;
      language = r.language;
    } else {
      return { id, ok: false };
    }
    const runs = runsFromHtml(html, code);
    if (!runs) return { id, ok: false };
    return { id, ok: true, classes: runs.classes, runs: runs.runs, language };
  } catch {
    return { id, ok: false };
  }
}

self.onmessage = (e: MessageEvent<HighlightRequest>) => {
  const reply = highlight(e.data);
  if (reply.ok) (self as unknown as Worker).postMessage(reply, [reply.runs.buffer]);
  else (self as unknown as Worker).postMessage(reply);
};
