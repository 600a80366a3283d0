// The rules panel's main-process side with a stand-in session: which listed rules are clide's
// (and stay so after a restart), where each is kept, and every way a removal is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addedRules, GrantedRules, ruleKey } from '../../../electron/core/rules/granted';
import { RulesService } from '../../../electron/core/rules/rules-service';
import type { ListedRule } from '../../../electron/core/protocol/rules-control';

let dir: string;
let cwd: string;
let configDir: string;
let dataDir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-rules-'));
  cwd = path.join(dir, 'work');
  configDir = path.join(dir, 'config');
  dataDir = path.join(dir, 'data');
  for (const d of [cwd, configDir, dataDir]) fs.mkdirSync(d);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const local = () => path.join(cwd, '.claude', 'settings.local.json');

function writeLocal(allow: string[]): void {
  fs.mkdirSync(path.dirname(local()), { recursive: true });
  fs.writeFileSync(local(), JSON.stringify({ permissions: { allow } }));
}

/** A session whose Claude Code lists what the local settings file holds (plus `extra`), as the real one does after reading it. */
function fileBacked(extra: ListedRule[] = [], opts: { stale?: boolean } = {}) {
  let asked = 0;
  let first: string[] | undefined;
  return {
    asked: () => asked,
    session: {
      permissionRules: async () => {
        asked++;
        let allow: string[] = [];
        try {
          allow = (JSON.parse(fs.readFileSync(local(), 'utf8')) as { permissions: { allow: string[] } }).permissions.allow;
        } catch {
          // no file
        }
        first ??= allow;
        const shown = opts.stale ? first : allow;
        return {
          rules: [...shown.map((rule): ListedRule => ({ behavior: 'allow', source: 'localSettings', rule, editability: 'persistent' })), ...extra],
          directories: [],
          managedOnly: false,
          errors: [],
        };
      },
      hooksListing: async () => ({ events: [], policy: { disabledByPolicy: false, managedOnly: false, allDisabled: false, policyHookCount: 0 }, errors: [] }),
    },
  };
}

function service(s: ReturnType<typeof fileBacked>, opts: { remote?: boolean; settleMs?: number } = {}) {
  return new RulesService({
    tab: () => ({ session: s.session, cwd, remote: opts.remote ?? false }),
    configDir,
    dataDir,
    settleMs: opts.settleMs,
    pollMs: 1,
    now: () => 1000,
  });
}

const alwaysAllow = (rule: { toolName: string; ruleContent?: string }, destination = 'localSettings', behavior = 'allow') => ({
  behavior: 'allow' as const,
  updatedPermissions: [{ type: 'addRules', rules: [rule], behavior, destination }],
});

describe('rules clide saved', () => {
  it('reads "Always allow" answers: addRules only, with their scope and behavior', () => {
    expect(
      addedRules([
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }, { toolName: 'Read' }, { nope: 1 }],
          behavior: 'deny',
          destination: 'userSettings',
        },
        { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
        { type: 'addDirectories', directories: ['/x'], destination: 'session' },
      ]),
    ).toEqual([
      { destination: 'userSettings', behavior: 'deny', rule: 'Bash(npm test *)' },
      { destination: 'userSettings', behavior: 'deny', rule: 'Read' },
    ]);
  });

  it('compares rules as Claude Code spells them (escaped parentheses)', () => {
    expect(ruleKey('Bash(echo \\(a\\) *)')).toBe(ruleKey('Bash(echo (a) *)'));
    expect(ruleKey('Bash(ls)')).not.toBe(ruleKey('Bash(ls -l)'));
  });

  it("are marked in the list with their file, and still are after a restart; the person's own are not", async () => {
    const s = fileBacked();
    const rules = service(s);
    rules.noteDecision('tab', alwaysAllow({ toolName: 'Bash', ruleContent: 'npm test *' }));
    writeLocal(['Bash(npm test *)', 'Bash(ls)']);
    const state = await rules.list('tab');
    expect(state.rules).toEqual([
      { behavior: 'allow', source: 'localSettings', rule: 'Bash(npm test *)', editability: 'persistent', file: local(), byClide: true, removable: true },
      { behavior: 'allow', source: 'localSettings', rule: 'Bash(ls)', editability: 'persistent', file: local(), byClide: false, removable: false },
    ]);
    // A new app (same data dir) knows them too.
    const again = await service(fileBacked()).list('another-tab');
    expect(again.rules.map((r) => r.byClide)).toEqual([true, false]);
    expect(fs.existsSync(path.join(dataDir, 'always-allowed.json'))).toBe(true);
  });

  it("a denial or a plain allow saves nothing; a rule for another folder is not this one's", async () => {
    const rules = service(fileBacked());
    rules.noteDecision('tab', { behavior: 'deny', message: 'no' });
    rules.noteDecision('tab', { behavior: 'allow' });
    const other = new GrantedRules(undefined);
    other.note('tab', alwaysAllow({ toolName: 'Bash', ruleContent: 'ls' }).updatedPermissions, () => ['/elsewhere/.claude/settings.local.json']);
    expect(other.isClides('tab', { source: 'localSettings', behavior: 'allow', rule: 'Bash(ls)' }, local())).toBe(false);
    expect(other.isClides('tab', { source: 'localSettings', behavior: 'allow', rule: 'Bash(ls)' }, '/elsewhere/.claude/settings.local.json')).toBe(true);
    expect(other.isClides('tab', { source: 'localSettings', behavior: 'deny', rule: 'Bash(ls)' }, '/elsewhere/.claude/settings.local.json')).toBe(false);
    writeLocal(['Bash(ls)']);
    expect((await rules.list('tab')).rules[0]).toMatchObject({ byClide: false });
  });

  it('session-only rules are marked for their own tab, never removable, and go with it', () => {
    const granted = new GrantedRules(undefined);
    granted.note('tab', alwaysAllow({ toolName: 'Edit' }, 'session').updatedPermissions, () => []);
    const listed = { source: 'session', behavior: 'allow' as const, rule: 'Edit' };
    expect(granted.isClides('tab', listed, undefined)).toBe(true);
    expect(granted.isClides('other', listed, undefined)).toBe(false);
    granted.forgetTab('tab');
    expect(granted.isClides('tab', listed, undefined)).toBe(false);
  });

  it("a remote session's answers are not noted: its files are on the host", async () => {
    const s = fileBacked();
    const remote = service(s, { remote: true });
    remote.noteDecision('tab', alwaysAllow({ toolName: 'Bash', ruleContent: 'ls' }));
    writeLocal(['Bash(ls)']);
    const state = await remote.list('tab');
    expect(state.remote).toBe(true);
    expect(state.rules[0]).toMatchObject({ byClide: false, removable: false, file: undefined });
    expect((await service(fileBacked()).list('tab')).rules[0]).toMatchObject({ byClide: false });
  });
});

describe('removing a rule', () => {
  it('takes it out of its file and answers once Claude Code no longer lists it', async () => {
    const s = fileBacked();
    const rules = service(s);
    rules.noteDecision('tab', alwaysAllow({ toolName: 'Bash', ruleContent: 'npm test *' }));
    writeLocal(['Bash(npm test *)', 'Bash(ls)']);
    const after = await rules.remove('tab', { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test *)' });
    expect(after.rules.map((r) => r.rule)).toEqual(['Bash(ls)']);
    expect(JSON.parse(fs.readFileSync(local(), 'utf8'))).toEqual({ permissions: { allow: ['Bash(ls)'] } });
    // Saved again later, it is a new note: the old one went with the removal.
    writeLocal(['Bash(npm test *)']);
    expect((await rules.list('tab')).rules[0]).toMatchObject({ byClide: false });
  });

  it('a rule Claude Code no longer lists is already gone: nothing to do', async () => {
    const rules = service(fileBacked());
    const state = await rules.remove('tab', { source: 'localSettings', behavior: 'allow', rule: 'Bash(gone)' });
    expect(state.rules).toEqual([]);
  });

  it('refuses a rule clide did not save, naming its file', async () => {
    writeLocal(['Bash(ls)']);
    await expect(service(fileBacked()).remove('tab', { source: 'localSettings', behavior: 'allow', rule: 'Bash(ls)' })).rejects.toMatchObject({
      info: {
        kind: 'invalid-input',
        message: 'clide removes only the rules it saved with "Always allow", and Bash(ls) is not one of them.',
        hint: `Edit ${local()} to remove it.`,
      },
    });
    expect(JSON.parse(fs.readFileSync(local(), 'utf8'))).toEqual({ permissions: { allow: ['Bash(ls)'] } });
  });

  it('refuses on a remote host, asking Claude Code nothing', async () => {
    const s = fileBacked();
    await expect(service(s, { remote: true }).remove('tab', { source: 'localSettings', behavior: 'allow', rule: 'Bash(ls)' })).rejects.toThrow(/remote host/);
    expect(s.asked()).toBe(0);
  });

  it('says so when Claude Code still applies the rule after the file changed', async () => {
    const s = fileBacked([], { stale: true });
    const rules = service(s, { settleMs: 0 });
    rules.noteDecision('tab', alwaysAllow({ toolName: 'Bash', ruleContent: 'ls' }));
    writeLocal(['Bash(ls)']);
    await expect(rules.remove('tab', { source: 'localSettings', behavior: 'allow', rule: 'Bash(ls)' })).rejects.toMatchObject({
      info: { kind: 'rule-not-removed', message: `Bash(ls) was taken out of ${local()}, but Claude Code still applies it.` },
    });
  });
});
