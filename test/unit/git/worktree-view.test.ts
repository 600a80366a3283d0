// What an isolated session's tab knows, reduced from its events by the shared reducer, and the
// per-repository settings the worktree choice and setup are kept in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/core/settings';
import type { SessionEvent } from '../../../shared/events';
import type { WorktreeInfo } from '../../../shared/git';
import { SettingsPatchSchema } from '../../../shared/settings';
import { applyEvents, emptySession } from '../../../shared/transcript';
import { SETUP_OUTPUT_CHARS } from '../../../shared/worktree-view';

const wt: WorktreeInfo = { repoRoot: '/r', worktreeDir: '/w', branch: 'clide/x-1', base: 'main', baseCommit: 'abc', createdAt: 1 };

describe('the worktree part of a session view', () => {
  it('follows setup from start to failure, keeping the output tail', () => {
    const events: SessionEvent[] = [
      { kind: 'worktree', worktree: wt, state: 'setting-up' },
      { kind: 'setup-started', source: 'settings', command: 'npm ci', at: 10 },
      { kind: 'setup-output', stream: 'info', text: 'Copied .env\n' },
      { kind: 'setup-output', stream: 'err', text: 'npm ERR! missing\n' },
      { kind: 'setup-finished', ok: false, exitCode: 1, error: 'exited with code 1', at: 20 },
    ];
    const v = applyEvents(emptySession('s', '/w'), events);
    expect(v.worktree).toEqual({ info: wt, state: 'setting-up', canRecreate: undefined, message: undefined });
    expect(v.setup).toEqual({
      phase: 'failed',
      source: 'settings',
      command: 'npm ci',
      output: 'Copied .env\nnpm ERR! missing\n',
      startedAt: 10,
      endedAt: 20,
      exitCode: 1,
      error: 'exited with code 1',
      signal: undefined,
      skipped: undefined,
    });
    const long = applyEvents(v, [{ kind: 'setup-output', stream: 'out', text: 'x'.repeat(SETUP_OUTPUT_CHARS + 10) }]);
    expect(long.setup?.output).toHaveLength(SETUP_OUTPUT_CHARS);
  });

  it('holds the confirmation of a setup file until the setup ends, and the glance and sharing', () => {
    let v = applyEvents(emptySession('s', '/w'), [
      { kind: 'setup-started', source: 'file', command: '/w/.clide/setup', at: 1 },
      { kind: 'setup-confirm', file: '/w/.clide/setup', content: 'npm ci\n', hash: 'h' },
    ]);
    expect(v.setup).toMatchObject({ phase: 'confirm', confirm: { hash: 'h', content: 'npm ci\n' } });
    v = applyEvents(v, [{ kind: 'setup-finished', ok: true, exitCode: null, skipped: true, at: 2 }]);
    expect(v.setup).toMatchObject({ phase: 'done', skipped: true });
    expect(v.setup?.confirm).toBeUndefined();
    const status = { branch: 'clide/x-1', head: 'def', base: 'main', filesChanged: 2, ahead: 1, behind: 0, uncommitted: true, conflicted: 0, at: 3 };
    v = applyEvents(v, [
      { kind: 'git-status', status },
      { kind: 'shared-tree', tree: '/r', with: ['t2'] },
    ]);
    expect(v.gitStatus).toEqual(status);
    expect(v.sharedTree).toEqual({ tree: '/r', with: ['t2'] });
    expect(applyEvents(v, [{ kind: 'shared-tree', tree: '/r', with: [] }]).sharedTree).toBeUndefined();
  });
});

describe('per-repository settings', () => {
  it('keep the worktree choice, the setup command and the confirmed setup file, across restarts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-settings-'));
    try {
      fs.mkdirSync(path.join(dir, 'trees'));
      const s = new SettingsStore(dir, dir);
      s.update(SettingsPatchSchema.parse({ repository: { root: '/r', setupCommand: 'npm ci' }, worktreeRoot: ' ~/trees ' }));
      s.rememberRepository('/r', { worktrees: true });
      s.rememberRepository('/r', { setupConfirmed: 'h1' });
      s.update({ repository: { root: '/other', worktrees: false } });
      const again = new SettingsStore(dir).get();
      expect(again.worktreeRoot).toBe('~/trees');
      expect(again.repositories).toEqual({ '/r': { setupCommand: 'npm ci', worktrees: true, setupConfirmed: 'h1' }, '/other': { worktrees: false } });
      s.update({ repository: { root: '/r', setupCommand: '  ' } });
      expect(s.get().repositories['/r']).toEqual({ worktrees: true, setupConfirmed: 'h1' });
      // The confirmation is the core's to record, never part of a settings change from the window.
      expect(SettingsPatchSchema.safeParse({ repository: { root: '/r', setupConfirmed: 'forged' } }).success).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
