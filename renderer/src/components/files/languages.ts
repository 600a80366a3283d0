// Syntax highlighting by file name: each language's grammar is its own chunk, fetched when a
// file of that language first opens (the editor's own chunk stays small; the first screen
// carries none of this).
import type { Extension } from '@codemirror/state';

type Loader = () => Promise<Extension>;

const js =
  (o: { typescript?: boolean; jsx?: boolean }): Loader =>
  () =>
    import('@codemirror/lang-javascript').then((m) => m.javascript(o));
const byExtension: Record<string, Loader> = {
  js: js({}),
  mjs: js({}),
  cjs: js({}),
  jsx: js({ jsx: true }),
  ts: js({ typescript: true }),
  mts: js({ typescript: true }),
  cts: js({ typescript: true }),
  tsx: js({ typescript: true, jsx: true }),
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
  jsonc: () => import('@codemirror/lang-json').then((m) => m.json()),
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  htm: () => import('@codemirror/lang-html').then((m) => m.html()),
  svg: () => import('@codemirror/lang-html').then((m) => m.html()),
  md: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
  markdown: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
  py: () => import('@codemirror/lang-python').then((m) => m.python()),
  rs: () => import('@codemirror/lang-rust').then((m) => m.rust()),
  go: () => import('@codemirror/lang-go').then((m) => m.go()),
};

/** The language of `path`, or undefined for plain text. */
export function languageFor(path: string): Loader | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 ? byExtension[name.slice(dot + 1)] : undefined;
}
