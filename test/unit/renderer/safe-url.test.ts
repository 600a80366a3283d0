import { describe, expect, it } from 'vitest';
import { safeLanguage, safeLink } from '../../../renderer/src/lib/safe-url';

describe('safeLink', () => {
  it.each(['https://example.com/a?b=1', 'http://localhost:3000/', 'mailto:ada@example.com'])('allows %s', (href) => {
    expect(safeLink(href)).toBe(new URL(href).href);
  });
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'src/app.ts',
    '//evil.example/x',
    '#anchor',
    '',
    undefined,
  ])('refuses %j', (href) => {
    expect(safeLink(href)).toBeUndefined();
  });
});

describe('safeLanguage', () => {
  it('keeps plain language names only', () => {
    expect(safeLanguage('language-ts')).toBe('ts');
    expect(safeLanguage('language-c++')).toBe('c++');
    expect(safeLanguage('language-"><img')).toBeUndefined();
    expect(safeLanguage(undefined)).toBeUndefined();
  });
});
