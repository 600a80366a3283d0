import { describe, expect, it } from 'vitest';
import { preview } from '../../../renderer/src/lib/tools/terminal-text';
import {
  cutText,
  folderName,
  formatBytes,
  formatContext,
  formatCost,
  formatDuration,
  formatPercent,
  formatTokens,
  modelLabel,
  permissionModeLabel,
  tildify,
} from '../../../renderer/src/lib/format';

describe('formatTokens', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [31_800, '31.8k'],
    [31_849, '31.8k'],
    [250_400, '250k'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [1_500_000, '1.5M'],
  ])('%d -> %s', (n, text) => expect(formatTokens(n)).toBe(text));
});

describe('formatBytes', () => {
  it.each([
    [512, '1 KB'],
    [2048, '2 KB'],
    [3_500_000, '3.3 MB'],
    [20 * 1024 * 1024, '20 MB'],
    [64 * 1024 * 1024, '64 MB'],
  ])('%d -> %s', (n, text) => expect(formatBytes(n)).toBe(text));

  it('stays in kilobytes when asked, with thousands separated', () => {
    expect(formatBytes(4 * 1024 * 1024, { unit: 'KB' })).toBe('4,096 KB');
  });
});

describe('formatContext', () => {
  it('shows tokens, window and share', () => {
    expect(formatContext(31_800, 1_000_000, 3.18)).toBe('31.8k / 1M (3%)');
  });
  it('says when a tiny share is not zero', () => {
    expect(formatPercent(0.4)).toBe('<1%');
    expect(formatPercent(0)).toBe('0%');
  });
  it('shows what is known before the first result', () => {
    expect(formatContext(undefined, undefined, undefined)).toBe('–');
    expect(formatContext(12_000, undefined, undefined)).toBe('12k');
  });
});

describe('formatCost', () => {
  it.each([
    [0, '$0.00'],
    [0.14, '$0.14'],
    [0.005, '$0.01'],
    [12.3, '$12.30'],
    [1204.5, '$1,204.50'],
  ])('%d -> %s', (n, text) => expect(formatCost(n)).toBe(text));
});

describe('labels', () => {
  it('names the model from the initialize list, else shows the raw id', () => {
    const models = [{ value: 'sonnet', displayName: 'Sonnet 4.5' }];
    expect(modelLabel('sonnet', models)).toBe('Sonnet 4.5');
    expect(modelLabel('claude-opus-4-5-20251101', models)).toBe('claude-opus-4-5-20251101');
    expect(modelLabel(undefined, models)).toBeUndefined();
  });
  it('names permission modes and keeps unknown ones', () => {
    expect(permissionModeLabel('acceptEdits')).toBe('Accept edits');
    expect(permissionModeLabel(undefined)).toBe('Default mode');
    expect(permissionModeLabel('futureMode')).toBe('futureMode');
  });
  it('shortens paths for tabs and the status bar', () => {
    expect(folderName('/home/ada/code/api-server/')).toBe('api-server');
    expect(folderName('C:\\Users\\ada\\web-ui')).toBe('web-ui');
    expect(folderName('/')).toBe('/');
    expect(tildify('/home/ada/code/x', '/home/ada')).toBe('~/code/x');
    expect(tildify('/home/adam/x', '/home/ada')).toBe('/home/adam/x');
  });
  it('reads durations', () => {
    expect(formatDuration(4_200)).toBe('4 s');
    expect(formatDuration(72_000)).toBe('1 min 12 s');
    expect(formatDuration(7_380_000)).toBe('2 h 3 min');
  });
});

describe('cutText', () => {
  it('cuts at the length asked for, never between the halves of an emoji', () => {
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab', 5)).toBe('ab');
    expect(cutText('a😀b', 2)).toBe('a');
    expect(cutText('a😀b', 3)).toBe('a😀');
  });
});

describe('preview', () => {
  it('cuts a long line without splitting an emoji, and counts what it left out', () => {
    const p = preview(`${'x'.repeat(9)}😀😀`, 3, 10);
    expect(p.text).toBe('x'.repeat(9));
    expect(p.truncatedChars).toBe(4);
  });
});
