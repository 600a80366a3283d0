// The explicit theme choice repeats theme.css's palettes; they must never drift apart.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const styles = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'renderer', 'src', 'styles');

function vars(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/(--[\w-]+):\s*([^;]+);/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

function block(css: string, re: RegExp): string {
  const m = re.exec(css);
  if (!m) throw new Error(`no block for ${re}`);
  return m[1]!;
}

describe('theme-override.css', () => {
  const theme = fs.readFileSync(path.join(styles, 'theme.css'), 'utf8');
  const override = fs.readFileSync(path.join(styles, 'theme-override.css'), 'utf8');
  const light = vars(block(theme, /^:root \{([\s\S]*?)\n\}/m));
  const dark = vars(block(theme, /@media \(prefers-color-scheme: dark\) \{\s*:root \{([\s\S]*?)\n {2}\}/));

  it('the dark choice has exactly the dark palette', () => {
    expect(Object.keys(dark).length).toBeGreaterThan(10);
    expect(vars(block(override, /:root\[data-theme='dark'\] \{([\s\S]*?)\n\}/))).toEqual(dark);
  });

  it('the light choice restores every colour the dark palette changes', () => {
    const lightChoice = vars(block(override, /@media \(prefers-color-scheme: dark\) \{\s*:root\[data-theme='light'\] \{([\s\S]*?)\n {2}\}/));
    const expected: Record<string, string> = {};
    for (const k of Object.keys(dark)) expected[k] = light[k]!;
    expect(lightChoice).toEqual(expected);
  });
});
