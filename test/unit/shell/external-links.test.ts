import { beforeEach, describe, expect, it, vi } from 'vitest';
import { externalUrl, openExternalSafely } from '../../../electron/shell/external-links';
import { dialog, resetElectronMock, shell } from './electron-mock';

vi.mock('electron', () => import('./electron-mock'));

beforeEach(() => {
  resetElectronMock();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const confirm = () => dialog.showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false });

describe('openExternalSafely', () => {
  it.each(['https://example.com/a?b=c#d', 'http://example.com/', 'mailto:someone@example.com'])('opens %s after the person confirms', async (url) => {
    confirm();
    await expect(openExternalSafely(url)).resolves.toBe('opened');
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).toHaveBeenCalledWith(new URL(url).href);
  });

  it('shows the full URL, with Cancel as the default', async () => {
    const url = `https://example.com/${'long/'.repeat(200)}end?q=${'x'.repeat(500)}`;
    confirm();
    await openExternalSafely(url);
    const options = dialog.showMessageBox.mock.calls[0]?.[0] as { detail: string; buttons: string[]; defaultId: number; cancelId: number };
    expect(options.detail).toBe(url);
    expect(options.buttons[options.defaultId]).toBe('Cancel');
    expect(options.cancelId).toBe(options.defaultId);
  });

  it('shows a look-alike host in its real (punycode) form', async () => {
    confirm();
    await openExternalSafely('https://exаmple.com/'); // Cyrillic "а"
    const options = dialog.showMessageBox.mock.calls[0]?.[0] as { detail: string };
    expect(options.detail).toBe('https://xn--exmple-4nf.com/');
  });

  it('says what a percent-encoded hidden character in the address is, marked', async () => {
    confirm();
    await openExternalSafely('https://example.com/invoice\u202Efdp.exe');
    const options = dialog.showMessageBox.mock.calls[0]?.[0] as { detail: string };
    expect(options.detail).toBe(
      'https://example.com/invoice%E2%80%AEfdp.exe\n\nThis address contains hidden characters. It reads:\nhttps://example.com/invoice⟨U+202E⟩fdp.exe',
    );
    expect(options.detail).not.toContain('\u202E');
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/invoice%E2%80%AEfdp.exe');
  });

  it('never opens without confirmation', async () => {
    await expect(openExternalSafely('https://example.com/')).resolves.toBe('cancelled');
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('does not open when the dialog fails', async () => {
    dialog.showMessageBox.mockRejectedValueOnce(new Error('no display'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(openExternalSafely('https://example.com/')).resolves.toBe('cancelled');
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'smb://host/share',
    'ftp://example.com/',
    'ms-settings:privacy',
    'x-apple.systempreferences:com.apple.preference',
    '/relative/path',
    'https://user:pass@example.com/',
    '',
  ])('refuses %j without asking or opening', async (url) => {
    await expect(openExternalSafely(url)).resolves.toBe('rejected');
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('asks once at a time, so a page cannot stack dialogs', async () => {
    let answer: (v: { response: number; checkboxChecked: boolean }) => void = () => {};
    dialog.showMessageBox.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const first = openExternalSafely('https://a.example/');
    await expect(openExternalSafely('https://b.example/')).resolves.toBe('busy');
    answer({ response: 0, checkboxChecked: false });
    await expect(first).resolves.toBe('opened');
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).toHaveBeenCalledWith('https://a.example/');
    confirm();
    await expect(openExternalSafely('https://b.example/')).resolves.toBe('opened');
  });
});

describe('externalUrl', () => {
  it('accepts only https, http and mailto', () => {
    expect(externalUrl('HTTPS://Example.COM')?.href).toBe('https://example.com/');
    expect(externalUrl('mailto:a@b.c')?.protocol).toBe('mailto:');
    expect(externalUrl('chrome://settings')).toBeUndefined();
  });
});
