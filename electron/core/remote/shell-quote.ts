// Quoting for the remote side of ssh. ssh hands its command to the remote user's login shell as
// one string, and that shell may be bash, zsh, fish or csh. So the string clide gives ssh is
// always the same fixed text (REMOTE_ENTRY, which means the same in all of them); everything
// that varies (paths, flags, environment) travels on stdin as one line that a POSIX /bin/sh
// reads and runs. That line is built only from quoted words (shQuote) and is encoded so it
// holds no quote, newline or other byte a shell would read specially (encodeLine).
import { ClideError } from '../../../shared/result';

/**
 * What ssh runs on the remote: a POSIX sh that reads one line of stdin, decodes it with printf
 * (octal escapes) and runs it. `read` takes stdin a byte at a time, so everything after that
 * line is left for the program the line starts (claude's stream-json).
 */
export const REMOTE_ENTRY = `exec /bin/sh -c 'IFS= read -r s && eval "$(printf "$s")"'`;

/** One word for a POSIX shell, exactly as given: single quotes, each ' written as '\''. */
export function shQuote(word: string): string {
  if (word.includes('\0')) {
    throw new ClideError({ kind: 'invalid-input', message: 'A value sent to the remote host contains a NUL character.', hint: 'Remove it and try again.' });
  }
  // No `=`: a bare NAME=x first word would be an assignment, not a command.
  if (word !== '' && /^[A-Za-z0-9_./:@%+,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command line of quoted words. */
export function shWords(words: readonly string[]): string {
  return words.map(shQuote).join(' ');
}

/** `NAME='value'` assignments for `export`; names must be plain identifiers. */
export function shAssign(name: string, value: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new ClideError({ kind: 'invalid-input', message: `"${name.slice(0, 80)}" is not an environment variable name.` });
  }
  return `${name}=${shQuote(value)}`;
}

/**
 * A script as a printf format on one line: letters, digits and a few harmless marks stay, `%`
 * becomes `%%`, every other byte (quotes, `$`, `\`, newlines, UTF-8) an octal escape `\ooo`.
 * `printf "$s"` on the remote gives the script back byte for byte (less trailing newlines).
 */
export function encodeLine(script: string): string {
  let out = '';
  for (const byte of Buffer.from(script, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9 _./:=@+,-]/.test(ch)) out += ch;
    else if (ch === '%') out += '%%';
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}\n`;
}
