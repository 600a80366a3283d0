// Trust decisions (electron/core/trust/trust-service.ts) and Claude Code's own record
// (claude-record.ts), on real files: what is asked, what is remembered, what asks again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaudeRecord, claudeGlobalFile } from '../../../electron/core/trust/claude-record';
import { TrustService } from '../../../electron/core/trust/trust-service';
import type { TrustItem } from '../../../shared/trust';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function setup(claudeJson?: unknown) {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'clide-trust-')));
  made.push(base);
  const home = path.join(base, 'home');
  const data = path.join(base, 'data');
  fs.mkdirSync(home, { recursive: true });
  const file = claudeGlobalFile({}, home);
  if (claudeJson !== undefined) fs.writeFileSync(file, typeof claudeJson === 'string' ? claudeJson : JSON.stringify(claudeJson));
  const make = () => new TrustService({ dataDir: data, claude: new ClaudeRecord(file, home) });
  return {
    base,
    home,
    file,
    make,
    service: make(),
    claudeFile: () => JSON.parse(fs.readFileSync(file, 'utf8')) as { projects?: Record<string, Record<string, unknown>> },
  };
}

const hook = (command: string): TrustItem => ({ kind: 'hook', file: '.claude/settings.json', label: 'Stop hook', detail: command });

describe('TrustService', () => {
  it('asks about a folder with something to run, remembers the answer across a restart, and tells Claude Code', () => {
    const t = setup({ numStartups: 3, projects: { '/other': { allowedTools: [] } } });
    const place = { root: '/repo', folder: '/repo' };
    expect(t.service.decide(place, [])).toEqual({ trusted: true });
    const asked = t.service.decide(place, [hook('a')]);
    if (asked.trusted) throw new Error('not asked');
    expect(asked.prompt).toMatchObject({ root: '/repo', items: [hook('a')], changed: false, alreadyTrusted: 0 });
    // Asking again while it is open shows the same question.
    expect(t.service.decide(place, [hook('a')])).toEqual(asked);
    t.service.grant(asked.prompt.promptId);
    expect(t.service.decide(place, [hook('a')])).toEqual({ trusted: true });
    expect(t.make().decide({ root: '/repo', folder: '/repo/sub' }, [hook('a')])).toEqual({ trusted: true });
    // Claude Code's other keys stay as they were.
    expect(t.claudeFile()).toEqual({ numStartups: 3, projects: { '/other': { allowedTools: [] }, '/repo': { hasTrustDialogAccepted: true } } });
    expect(() => t.service.grant(asked.prompt.promptId)).toThrow(/no longer open/);
  });

  it("clide's own setup and run files are shown with a question, never a reason for one (each asks before it runs)", () => {
    const t = setup();
    const place = { root: '/repo', folder: '/repo' };
    const setupFile: TrustItem = { kind: 'setup', file: '.clide/setup', label: 'Setup of a new worktree', detail: 'npm ci' };
    expect(t.service.decide(place, [setupFile])).toEqual({ trusted: true });
    expect(t.service.decide(place, [setupFile, hook('a')])).toMatchObject({ trusted: false, prompt: { items: [setupFile, hook('a')] } });
  });

  it('a changed or added item asks again, for what is new only', () => {
    const t = setup();
    const place = { root: '/repo', folder: '/repo' };
    const first = t.service.decide(place, [hook('a'), hook('b')]);
    if (first.trusted) throw new Error('not asked');
    t.service.grant(first.prompt.promptId);
    const again = t.service.decide(place, [hook('a'), hook('b2')]);
    expect(again).toMatchObject({ trusted: false, prompt: { items: [hook('b2')], changed: true, alreadyTrusted: 1 } });
  });

  it("Claude Code's flag on the folder or one above trusts it with what it has now; revoking here wins over that flag", () => {
    const t = setup({ projects: { '/work': { hasTrustDialogAccepted: true } } });
    const place = { root: '/work/repo', folder: '/work/repo' };
    expect(t.service.decide(place, [hook('a')])).toEqual({ trusted: true });
    expect(t.service.list()).toEqual([expect.objectContaining({ root: '/work/repo', source: 'claude-code', items: 1 })]);
    t.service.revoke('/work/repo');
    expect(t.service.decide(place, [hook('a')]).trusted).toBe(false);
    expect(t.service.list()).toEqual([]);
  });

  it('revoking a folder trusted here clears its flag in Claude Code too', () => {
    const t = setup({});
    const asked = t.service.decide({ root: '/repo', folder: '/repo' }, [hook('a')]);
    if (asked.trusted) throw new Error('not asked');
    t.service.grant(asked.prompt.promptId);
    t.service.revoke('/repo');
    expect(t.claudeFile().projects?.['/repo']).toEqual({ hasTrustDialogAccepted: false });
    expect(t.service.decide({ root: '/repo', folder: '/repo' }, [hook('a')]).trusted).toBe(false);
  });

  it('a remote folder is decided apart from a local one at the same path, and Claude Code is not told', () => {
    const t = setup({});
    const remote = { root: '/repo', folder: '/repo', location: 'box' };
    const asked = t.service.decide(remote, [hook('a')]);
    if (asked.trusted) throw new Error('not asked');
    t.service.grant(asked.prompt.promptId);
    expect(t.service.decide(remote, [hook('a')])).toEqual({ trusted: true });
    expect(t.service.decide({ root: '/repo', folder: '/repo' }, [hook('a')]).trusted).toBe(false);
    expect(t.claudeFile()).toEqual({});
  });
});

describe('ClaudeRecord', () => {
  it('never writes over a file it cannot read, and never trusts the home folder', () => {
    const t = setup('{ "projects": ');
    const record = new ClaudeRecord(t.file, t.home);
    expect(record.set('/repo', true)).toBe(false);
    expect(fs.readFileSync(t.file, 'utf8')).toBe('{ "projects": ');
    fs.writeFileSync(t.file, '{}');
    expect(record.set(t.home, true)).toBe(false);
    expect(record.set('/repo', true)).toBe(true);
    expect(record.trusting('/repo/deep/er')).toBe('/repo');
    expect(record.trusting('/elsewhere')).toBeUndefined();
  });

  it('is the file Claude Code uses: CLAUDE_CONFIG_DIR, else the home folder', () => {
    expect(claudeGlobalFile({ CLAUDE_CONFIG_DIR: '/cfg' }, '/home/me')).toBe('/cfg/.claude.json');
    expect(claudeGlobalFile({}, '/nonexistent-home')).toBe('/nonexistent-home/.claude.json');
  });
});
