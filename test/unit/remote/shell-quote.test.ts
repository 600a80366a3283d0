// The remote runs what clide sends through a shell: every word must come out exactly as given,
// checked here against the real shells (dash as /bin/sh, bash), not against a model of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLine, REMOTE_ENTRY, shAssign, shQuote, shWords } from '../../../electron/core/remote/shell-quote';
import { ClideError } from '../../../shared/result';

// A word that would make this file if a shell ever ran it as a command.
const MARK = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clide-quote-')), 'ran');

const NASTY = [
  '',
  'plain',
  'two words',
  "it's",
  "''",
  '"double"',
  '$HOME',
  '${HOME}',
  `$(touch ${MARK})`,
  `\`touch ${MARK}\``,
  `; touch ${MARK}`,
  'back\\slash\\',
  'semi;colon && or || pipe | amp &',
  'new\nline',
  'tab\there',
  '*?[a-z]',
  '~',
  '~root',
  '-n',
  '--resume',
  'FOO=bar',
  '%s %d %%',
  '\\101\\n',
  'ümlaut ✓ 日本',
  '!event',
  '#comment',
  ' leading and trailing ',
  "'\\''",
];

/** Run `printf '%s\0' <words>` through a shell and read the words back. */
function roundTrip(shell: string, words: readonly string[]): string[] {
  const r = spawnSync(shell, ['-c', `printf '%s\\0' ${shWords(words)}`], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\0').slice(0, -1);
}

describe('shQuote', () => {
  for (const shell of ['/bin/sh', '/bin/bash']) {
    it(`gives every word back unchanged through ${shell}`, () => {
      expect(roundTrip(shell, NASTY)).toEqual(NASTY);
      expect(fs.existsSync(MARK)).toBe(false);
    });
  }

  it('leaves harmless words bare and quotes everything else', () => {
    expect(shQuote('/usr/local/bin/claude')).toBe('/usr/local/bin/claude');
    expect(shQuote('--input-format')).toBe('--input-format');
    expect(shQuote('FOO=bar')).toBe("'FOO=bar'");
    expect(shQuote('')).toBe("''");
    expect(shQuote("it's")).toBe("'it'\\''s'");
  });

  it('refuses a NUL, which no shell word can hold', () => {
    expect(() => shQuote('a\0b')).toThrow(ClideError);
  });

  it('assigns only to plain variable names', () => {
    expect(shAssign('ANTHROPIC_BASE_URL', 'http://127.0.0.1:1/x y')).toBe("ANTHROPIC_BASE_URL='http://127.0.0.1:1/x y'");
    expect(() => shAssign('A;rm -rf /', 'x')).toThrow(ClideError);
    expect(() => shAssign('1A', 'x')).toThrow(ClideError);
  });
});

describe('the stdin line', () => {
  it('holds nothing but letters, digits, a few marks and escapes', () => {
    const line = encodeLine(`printf '%s\\0' ${shWords(NASTY)}\necho "$HOME"`);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).toMatch(/^[A-Za-z0-9 _./:=@+,\\%-]*$/);
    expect(line.slice(0, -1)).not.toContain('\n');
  });

  it('runs as the same script on the remote entry shell, leaving the rest of stdin to the program', () => {
    const script = `printf '%s\\0' ${shWords(NASTY)}\nexec cat`;
    // REMOTE_ENTRY is what the login shell runs; here bash plays the login shell.
    const r = spawnSync('/bin/bash', ['-c', REMOTE_ENTRY], { input: `${encodeLine(script)}after the line\nand more\n`, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const parts = r.stdout.split('\0');
    expect(parts.slice(0, NASTY.length)).toEqual(NASTY);
    expect(parts[NASTY.length]).toBe('after the line\nand more\n');
  });
});
