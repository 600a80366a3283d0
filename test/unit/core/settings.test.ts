import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, dispatch } from '../../../electron/core/api-handlers';
import type { SessionHost } from '../../../electron/core/host';
import { SettingsStore } from '../../../electron/core/settings';
import { SettingsPatchSchema, defaultSettings, type SettingsPatch } from '../../../shared/settings';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-settings-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SettingsStore', () => {
  it('starts from defaults and persists updates across instances', () => {
    const a = new SettingsStore(dir);
    expect(a.get()).toEqual(defaultSettings());
    a.update({ theme: 'dark', notifications: { finished: false } });
    const b = new SettingsStore(dir);
    expect(b.get().theme).toBe('dark');
    expect(b.get().notifications).toEqual({ enabled: true, needsYou: true, finished: false });
    expect(b.warning).toBeUndefined();
  });

  it('keeps recent working directories newest first without duplicates, at most 10', () => {
    const s = new SettingsStore(dir);
    for (let i = 0; i < 12; i++) s.rememberCwd(`/p/${i}`);
    s.rememberCwd('/p/5');
    expect(s.get().recentCwds[0]).toBe('/p/5');
    expect(s.get().recentCwds).toHaveLength(10);
    expect(new Set(s.get().recentCwds).size).toBe(10);
  });

  it('sets a corrupt settings file aside with a warning and uses defaults', () => {
    fs.writeFileSync(path.join(dir, 'settings.json'), 'not json');
    const s = new SettingsStore(dir);
    expect(s.get()).toEqual(defaultSettings());
    expect(s.warning).toMatch(/set aside/);
  });

  it('notifies listeners of changes', () => {
    const s = new SettingsStore(dir);
    const seen: string[] = [];
    s.onChange((v) => seen.push(v.theme));
    s.update({ theme: 'light' });
    expect(seen).toEqual(['light']);
  });

  it('rejects unknown keys and bad values in a patch', () => {
    expect(SettingsPatchSchema.safeParse({ theme: 'purple' }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ evil: true }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ defaultPermissionMode: 'plan' }).success).toBe(true);
  });

  it('keeps the transcript text size, 14 px when an older file does not have it', () => {
    const { transcriptTextSize: _omitted, ...older } = defaultSettings();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ ...older, theme: 'dark' }));
    const s = new SettingsStore(dir);
    expect(s.warning).toBeUndefined();
    expect(s.get()).toMatchObject({ theme: 'dark', transcriptTextSize: 14 });
    s.update({ transcriptTextSize: 20 });
    expect(new SettingsStore(dir).get().transcriptTextSize).toBe(20);
  });

  it('refuses a transcript text size that is not one of the steps, saying which are', async () => {
    for (const bad of [15, 0, 100, '16', null]) expect(SettingsPatchSchema.safeParse({ transcriptTextSize: bad }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ transcriptTextSize: 22 }).success).toBe(true);
    // Through the channel the window calls: a clear error, and the stored value untouched.
    const store = new SettingsStore(dir);
    const handlers = createHandlers({ workspace: { update: (p: SettingsPatch) => store.update(p) } } as unknown as SessionHost);
    const r = await dispatch(handlers, 'settings:update', { transcriptTextSize: 15 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(r.ok ? '' : r.error.message).toBe('Invalid input for settings:update: transcriptTextSize must be one of 13, 14, 16, 18, 20, 22 (pixels)');
    expect(store.get().transcriptTextSize).toBe(14);
    expect(await dispatch(handlers, 'settings:update', { transcriptTextSize: 18 })).toMatchObject({
      ok: true,
      value: { settings: { transcriptTextSize: 18 } },
    });
  });

  it('hands out a corrupt-file warning once', () => {
    fs.writeFileSync(path.join(dir, 'settings.json'), '{"theme": "purple"}');
    const s = new SettingsStore(dir);
    expect(s.takeWarning()).toMatch(/theme/);
    expect(s.takeWarning()).toBeUndefined();
    expect(fs.readdirSync(dir).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('refuses a default model the CLI could not be given, and changes nothing', () => {
    const s = new SettingsStore(dir);
    expect(() => s.update({ defaultModel: '--dangerously-skip-permissions' })).toThrow(/not a model name/);
    expect(s.get().defaultModel).toBe('');
    expect(fs.existsSync(path.join(dir, 'settings.json'))).toBe(false);
    expect(s.update({ defaultModel: ' sonnet ', claudePath: ' /opt/claude ' }).settings).toMatchObject({ defaultModel: 'sonnet', claudePath: '/opt/claude' });
  });

  it('takes a worktree folder only whole and existing (absolute or from ~), and changes nothing otherwise', () => {
    const home = path.join(dir, 'home');
    fs.mkdirSync(path.join(home, 'trees'), { recursive: true });
    const s = new SettingsStore(dir, home);
    for (const [root, said] of [
      ['relative/dir', /must be a full path/],
      ['./trees', /must be a full path/],
      ['~other/trees', /must be a full path/],
      [path.join(dir, 'missing'), /does not exist/],
      ['~/missing', /does not exist/],
      [path.join(dir, 'settings-file'), /not a folder/],
    ] as const) {
      fs.writeFileSync(path.join(dir, 'settings-file'), '');
      expect(() => s.update({ worktreeRoot: root }), root).toThrow(said);
      expect(s.get().worktreeRoot).toBe('');
    }
    expect(s.update({ worktreeRoot: ` ${path.join(home, 'trees')} ` }).settings.worktreeRoot).toBe(path.join(home, 'trees'));
    expect(s.update({ worktreeRoot: '~/trees' }).settings.worktreeRoot).toBe('~/trees');
    // Empty is the default place, made when first needed.
    expect(s.update({ worktreeRoot: '' }).settings.worktreeRoot).toBe('');
  });

  it('keeps a change that could not be saved in effect and says so', () => {
    const file = path.join(dir, 'blocked');
    fs.writeFileSync(file, 'a file where the data folder should be');
    const s = new SettingsStore(file);
    const r = s.update({ theme: 'dark' });
    expect(r.settings.theme).toBe('dark');
    expect(s.get().theme).toBe('dark');
    expect(r.warning).toMatch(/Could not save settings/);
  });

  it('without a data folder keeps settings in memory', () => {
    const s = new SettingsStore(undefined);
    s.rememberCwd(dir);
    expect(s.update({ theme: 'light' }).warning).toBeUndefined();
    expect(s.get()).toMatchObject({ theme: 'light', recentCwds: [dir] });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('forgets a recent folder', () => {
    const s = new SettingsStore(dir);
    s.rememberCwd('/a');
    s.rememberCwd('/b');
    s.forgetCwd('/a');
    expect(new SettingsStore(dir).get().recentCwds).toEqual(['/b']);
  });
});
