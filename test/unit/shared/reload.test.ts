// The transcript's line for a reload of skills, plugins and output styles.
import { describe, expect, it } from 'vitest';
import { newNames, reloadSummary, type ReloadReport } from '../../../shared/reload';

const base: ReloadReport = {
  commands: ['init', 'review', 'tidy'],
  added: [],
  removed: [],
  outputStyles: ['default', 'Explanatory'],
  addedStyles: [],
  plugins: [{ name: 'formatter', version: '1.2.0' }],
  pluginsWaiting: false,
  errors: 0,
};

describe('reloadSummary', () => {
  it('counts what there is and names what is new or gone', () => {
    expect(reloadSummary({ ...base, added: ['tidy'], removed: ['lint'], addedStyles: ['Terse'], outputStyles: ['default', 'Explanatory', 'Terse'] })).toBe(
      'Reloaded skills, plugins and output styles: 3 commands and skills (new: /tidy) · gone: /lint · 3 output styles (new: Terse) · 1 plugin.',
    );
  });

  it('says when plugins wait for the turn, and counts plugin errors', () => {
    expect(reloadSummary({ ...base, plugins: undefined, pluginsWaiting: true })).toBe(
      'Reloaded skills and output styles; plugins reload when this turn ends: 3 commands and skills · 2 output styles.',
    );
    expect(reloadSummary({ ...base, plugins: [], errors: 2 })).toContain('0 plugins · 2 plugin errors.');
  });

  it('keeps a long list of new names short', () => {
    const added = Array.from({ length: 9 }, (_, i) => `s${i}`);
    expect(reloadSummary({ ...base, commands: added, added })).toContain('(new: /s0, /s1, /s2, /s3, /s4, /s5 and 3 more)');
  });
});

describe('newNames', () => {
  it('keeps the order of the new list', () => {
    expect(newNames(['a', 'b'], ['c', 'a', 'd', 'b'])).toEqual(['c', 'd']);
  });
});
