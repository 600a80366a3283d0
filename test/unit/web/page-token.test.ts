import { describe, expect, it } from 'vitest';
import { takeAccessToken, type TokenWindow } from '../../../renderer/src/api/page-token';

function fakeWindow(href: string, stored: Record<string, string> = {}, opts: { storageThrows?: boolean } = {}) {
  const storage = { ...stored };
  const win = {
    location: { href },
    history: {
      state: { kept: 1 },
      replaceState(state: unknown, _title: string, url: string) {
        expect(state).toEqual({ kept: 1 });
        win.location.href = new URL(url, win.location.href).href;
      },
    },
    sessionStorage: {
      getItem: (k: string) => {
        if (opts.storageThrows) throw new Error('SecurityError');
        return storage[k] ?? null;
      },
      setItem: (k: string, v: string) => {
        if (opts.storageThrows) throw new Error('SecurityError');
        storage[k] = v;
      },
    },
  };
  return { win: win as unknown as TokenWindow & { location: { href: string } }, storage };
}

describe('the page access token', () => {
  it('comes from the fragment of the start-up URL, which is then cleared from the address bar', () => {
    const { win, storage } = fakeWindow('http://127.0.0.1:5000/#token=abc-_1');
    expect(takeAccessToken(win)).toBe('abc-_1');
    expect(win.location.href).toBe('http://127.0.0.1:5000/');
    expect(Object.values(storage)).toEqual(['abc-_1']);
  });

  it('is kept by the tab: a reload without a fragment finds it again', () => {
    const first = fakeWindow('http://127.0.0.1:5000/#token=abc');
    takeAccessToken(first.win);
    const reload = fakeWindow('http://127.0.0.1:5000/', first.storage);
    expect(takeAccessToken(reload.win)).toBe('abc');
    expect(reload.win.location.href).toBe('http://127.0.0.1:5000/');
  });

  it('a new link replaces the kept token', () => {
    const { win, storage } = fakeWindow('http://127.0.0.1:5000/#token=new', { 'clide.accessToken': 'old' });
    expect(takeAccessToken(win)).toBe('new');
    expect(Object.values(storage)).toEqual(['new']);
  });

  it('is absent when the page was opened bare', () => {
    expect(takeAccessToken(fakeWindow('http://127.0.0.1:5000/').win)).toBeUndefined();
    expect(takeAccessToken(fakeWindow('http://127.0.0.1:5000/#token=').win)).toBeUndefined();
  });

  it('from an old ?token= link is not used, but cleared from the address bar all the same', () => {
    const { win } = fakeWindow('http://127.0.0.1:5000/?token=leaky&x=1');
    expect(takeAccessToken(win)).toBeUndefined();
    expect(win.location.href).toBe('http://127.0.0.1:5000/?x=1');
  });

  it('still works for this load when storage is switched off', () => {
    const { win } = fakeWindow('http://127.0.0.1:5000/#token=abc', {}, { storageThrows: true });
    expect(takeAccessToken(win)).toBe('abc');
    expect(win.location.href).toBe('http://127.0.0.1:5000/');
  });
});
