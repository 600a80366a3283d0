import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatReset,
  limitLevel,
  limitName,
  planName,
  rateLimitText,
  shortId,
  usageWindowName,
  usageWindowPercent,
  utilizationPercent,
} from '../../../renderer/src/components/status/status-format';

describe('status bar wording', () => {
  it('counts down to a reset in readable steps', () => {
    expect(formatCountdown(72 * 60_000)).toBe('1 h 12 min');
    expect(formatCountdown(3 * 3600_000)).toBe('3 h');
    expect(formatCountdown(9 * 60_000 + 30_000)).toBe('9 min 30 s');
    expect(formatCountdown(25 * 60_000 + 30_000)).toBe('25 min');
    expect(formatCountdown(45_000)).toBe('45 s');
    expect(formatCountdown(1)).toBe('1 s');
    expect(formatCountdown(-5)).toBe('now');
    expect(formatCountdown(2 * 86_400_000 + 3 * 3600_000)).toBe('2 d 3 h');
  });

  it('names the limit types and reads utilisation as a fraction', () => {
    expect(limitName('five_hour')).toBe('5-hour limit');
    expect(limitName('seven_day_opus')).toBe('Weekly Opus limit');
    expect(limitName('something_new')).toBe('something new');
    expect(limitName(undefined)).toBe('Usage limit');
    expect(utilizationPercent(0.91)).toBeCloseTo(91);
    expect(utilizationPercent(91)).toBe(91);
    expect(utilizationPercent(undefined)).toBeUndefined();
  });

  it('says how close the limit is, and when it resets', () => {
    const now = 1_000_000;
    const r = { status: 'allowed_warning', limitType: 'five_hour', utilization: 0.91, resetsAt: now + 72 * 60_000, at: now };
    expect(rateLimitText(r, now)).toBe('5-hour limit 91% · resets in 1 h 12 min');
    expect(rateLimitText({ ...r, status: 'rejected' }, now)).toBe('5-hour limit reached · resets in 1 h 12 min');
    expect(rateLimitText({ ...r, resetsAt: now - 1 }, now)).toBe('5-hour limit 91% · reset');
    expect(limitLevel(r)).toBe('warning');
    expect(limitLevel({ status: 'allowed', utilization: 0.2 })).toBe('ok');
    expect(limitLevel({ status: 'rejected' })).toBe('rejected');
  });

  it('shortens a session id to its first block', () => {
    expect(shortId('3f1c9a2e-7b4d-4e21-9c0a-5d8e6f7a1b2c')).toBe('3f1c9a2e');
  });
});

describe('the plan usage in the limit popover', () => {
  it('names each window, per-model ones by the label the server gave', () => {
    expect(usageWindowName({ key: 'five_hour' })).toBe('Session (5 hours)');
    expect(usageWindowName({ key: 'seven_day' })).toBe('Weekly, all models');
    expect(usageWindowName({ key: 'seven_day_opus' })).toBe('Weekly, Opus');
    expect(usageWindowName({ key: 'model', label: 'Fable' })).toBe('Weekly, Fable');
    expect(usageWindowName({ key: 'some_new_window' })).toBe('some new window');
    expect(planName('max')).toBe('Max');
  });

  it('shows a plan window’s use to one decimal where Claude Code gives it, else as a whole percent', () => {
    expect(usageWindowPercent({ percent: 43, shownPercent: 42.7 })).toBe('42.7%');
    expect(usageWindowPercent({ percent: 43 })).toBe('43%');
    expect(usageWindowPercent({ percent: 12, shownPercent: 12 })).toBe('12%');
    // A blocked account can read just under 100 in the finer figure; it is shown as given.
    expect(usageWindowPercent({ percent: 100, shownPercent: 99.96 })).toBe('100%');
    expect(usageWindowPercent({ percent: 100, shownPercent: 99.9 })).toBe('99.9%');
    expect(usageWindowPercent({})).toBe('–');
  });

  it('says a reset today by its time, within the week with the day, later with the date', () => {
    const now = new Date(2030, 0, 7, 10, 0).getTime(); // a Monday
    const time = (d: Date) => d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    const today = new Date(2030, 0, 7, 14, 5);
    expect(formatReset(today.getTime(), now)).toBe(time(today));
    const friday = new Date(2030, 0, 11, 9, 0);
    expect(formatReset(friday.getTime(), now)).toBe(`${friday.toLocaleDateString(undefined, { weekday: 'short' })} ${time(friday)}`);
    const later = new Date(2030, 0, 20, 9, 0);
    expect(formatReset(later.getTime(), now)).toBe(`${later.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${time(later)}`);
  });
});
