import { describe, expect, it } from 'vitest';
import { isRecord, nonBlank, nonEmpty, num, str } from '../../../shared/guards';

describe('guards for unknown JSON', () => {
  it('tell strings apart by how much they must hold', () => {
    expect([str(''), str(' '), str('a'), str(1)]).toEqual(['', ' ', 'a', undefined]);
    expect([nonEmpty(''), nonEmpty(' '), nonEmpty('a'), nonEmpty(null)]).toEqual([undefined, ' ', 'a', undefined]);
    expect([nonBlank(''), nonBlank(' \n'), nonBlank(' a '), nonBlank({})]).toEqual([undefined, undefined, ' a ', undefined]);
  });

  it('take finite numbers and plain objects only', () => {
    expect([num(0), num(NaN), num(Infinity), num('1')]).toEqual([0, undefined, undefined, undefined]);
    expect([isRecord({}), isRecord([]), isRecord(null), isRecord('x')]).toEqual([true, false, false, false]);
  });
});
