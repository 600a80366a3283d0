// One shortcut path: the platform's modifier (Cmd on macOS, Ctrl elsewhere) and labels, and one
// window keydown listener that hands each key to the registered handlers in order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addWindowKeys, isShortcut, keyLabel } from '../../../renderer/src/lib/shortcuts';

function onPlatform(platform: string): void {
  vi.stubGlobal('navigator', { platform });
}

const key = (k: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

afterEach(() => vi.unstubAllGlobals());

describe('isShortcut and keyLabel', () => {
  it('use Ctrl on Linux and Windows', () => {
    onPlatform('Linux x86_64');
    expect(isShortcut(key('H', { ctrl: true, shift: true }), 'h', { shift: true })).toBe(true);
    expect(isShortcut(key('h', { ctrl: true }), 'h', { shift: true })).toBe(false);
    expect(isShortcut(key('h', { meta: true, shift: true }), 'h', { shift: true })).toBe(false);
    expect(isShortcut(key('k', { ctrl: true, alt: true }), 'k')).toBe(false);
    expect(isShortcut(key('K', { ctrl: true, shift: true }), 'k')).toBe(false);
    expect([keyLabel('K'), keyLabel('H', { shift: true })]).toEqual(['Ctrl+K', 'Ctrl+Shift+H']);
  });

  it('use Cmd alone on macOS, never Ctrl with it', () => {
    onPlatform('MacIntel');
    expect(isShortcut(key('e', { meta: true, shift: true }), 'e', { shift: true })).toBe(true);
    expect(isShortcut(key('e', { ctrl: true, shift: true }), 'e', { shift: true })).toBe(false);
    expect(isShortcut(key('e', { ctrl: true, meta: true, shift: true }), 'e', { shift: true })).toBe(false);
    expect([keyLabel('K'), keyLabel('H', { shift: true })]).toEqual(['⌘K', '⇧⌘H']);
  });
});

describe('addWindowKeys', () => {
  function fakeWindow() {
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    vi.stubGlobal('window', target);
    return { press: () => target.dispatchEvent(new Event('keydown')), add, remove };
  }

  it('listens once on the window, runs handlers in the order added, and stops listening after the last', () => {
    const w = fakeWindow();
    const seen: string[] = [];
    const offA = addWindowKeys(() => seen.push('a'));
    const offB = addWindowKeys(() => seen.push('b'));
    w.press();
    expect(seen).toEqual(['a', 'b']);
    expect(w.add).toHaveBeenCalledTimes(1);
    offA();
    offB();
    w.press();
    expect(seen).toEqual(['a', 'b']);
    expect(w.remove).toHaveBeenCalledTimes(1);
  });

  it('skips a handler removed by an earlier one, and one that throws stops no other', () => {
    const w = fakeWindow();
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (err: unknown) => reported.push(err));
    const seen: string[] = [];
    let offC = () => {};
    const offA = addWindowKeys(() => {
      seen.push('a');
      offC();
    });
    const offB = addWindowKeys(() => {
      throw new Error('b failed');
    });
    offC = addWindowKeys(() => seen.push('c'));
    const offD = addWindowKeys(() => seen.push('d'));
    w.press();
    expect(seen).toEqual(['a', 'd']);
    expect(reported).toEqual([new Error('b failed')]);
    for (const off of [offA, offB, offD]) off();
  });
});
