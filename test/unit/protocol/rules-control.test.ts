// list_permission_rules and get_hooks_listing read into the app's shapes, fed the answers the
// real CLI gave in fixtures/rules-and-hooks.jsonl, plus the fields the SDK declares that the
// recording could not show (managed-only rules, safe mode, a behavior the SDK does not name).
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../electron/core/protocol/control';
import { hooksListing, listPermissionRules } from '../../../electron/core/protocol/rules-control';
import { ClideError } from '../../../shared/result';
import { loadFixture } from './fixture-replay';

/** Every success answer of one subtype in the recording, in order. */
function answers(subtype: string): Json[] {
  const f = loadFixture('rules-and-hooks');
  const ids = new Set<string>();
  const out: Json[] = [];
  for (const l of f.lines) {
    if (l.dir === 'in' && l.message.type === 'control_request' && (l.message.request as Json).subtype === subtype) ids.add(String(l.message.request_id));
    if (l.dir === 'out' && l.message.type === 'control_response') {
      const r = l.message.response as Json;
      if (ids.has(String(r.request_id)) && r.subtype === 'success') out.push(r.response as Json);
    }
  }
  return out;
}

const answering = (value: Json) => async () => value;

describe('list_permission_rules', () => {
  it('reads every rule with its behavior, source, reading and editability', async () => {
    const [first] = answers('list_permission_rules');
    const r = await listPermissionRules(answering(first!));
    expect(r.rules).toEqual([
      { behavior: 'allow', source: 'userSettings', rule: 'Read(/tmp/**)', reading: undefined, editability: 'persistent', notInEffect: undefined },
      {
        behavior: 'allow',
        source: 'localSettings',
        rule: 'Bash(npm run lint)',
        reading: { prefix: 'The Bash command ', emphasis: 'npm run lint', suffix: undefined },
        editability: 'persistent',
        notInEffect: undefined,
      },
      {
        behavior: 'ask',
        source: 'projectSettings',
        rule: 'Bash(git push:*)',
        reading: { prefix: 'Any Bash command starting with ', emphasis: 'git push', suffix: undefined },
        editability: 'persistent',
        notInEffect: undefined,
      },
      {
        behavior: 'deny',
        source: 'userSettings',
        rule: 'WebFetch',
        reading: { prefix: 'Any use of the ', emphasis: 'WebFetch', suffix: ' tool' },
        editability: 'persistent',
        notInEffect: undefined,
      },
    ]);
    expect(r).toMatchObject({ directories: [], managedOnly: false, errors: [] });
  });

  it('"Always allow" adds a local rule, and a rule taken out of its file is gone from the last answer', async () => {
    const all = answers('list_permission_rules');
    const saved = await listPermissionRules(answering(all[1]!));
    expect(saved.rules.find((r) => r.rule === 'Bash(npm test *)')).toMatchObject({ behavior: 'allow', source: 'localSettings' });
    const last = await listPermissionRules(answering(all.at(-1)!));
    expect(last.rules.map((r) => r.rule)).not.toContain('Bash(npm test *)');
    expect(last.rules.map((r) => r.rule)).toContain('Bash(npm run lint)');
  });

  it('keeps managed-only marks, folders and skipped files; leaves out a behavior the SDK does not name', async () => {
    const r = await listPermissionRules(
      answering({
        state: {
          rules: [
            { behavior: 'allow', source: 'localSettings', rule: 'Bash', editability: 'readonly', notInEffect: true },
            { behavior: 'maybe', source: 'session', rule: 'Edit', editability: 'session' },
          ],
          workspaceDirectories: [{ path: '/data', source: 'cliArg' }],
          originalCwd: '/w',
          managedOnly: true,
          errors: [
            { file: '/w/.claude/settings.json', path: 'permissions.allow', message: 'Expected array' },
            { path: '', message: 'cut' },
          ],
        },
      }),
    );
    expect(r.rules).toEqual([{ behavior: 'allow', source: 'localSettings', rule: 'Bash', reading: undefined, editability: 'readonly', notInEffect: true }]);
    expect(r.directories).toEqual([{ path: '/data', source: 'cliArg' }]);
    expect(r.managedOnly).toBe(true);
    expect(r.errors).toEqual([
      { file: '/w/.claude/settings.json', path: 'permissions.allow', message: 'Expected array' },
      { file: undefined, path: '', message: 'cut' },
    ]);
  });

  it('an answer in another shape is a decode error naming the field', async () => {
    await expect(listPermissionRules(answering({ rules: [] }))).rejects.toThrow(ClideError);
    await expect(listPermissionRules(answering({ rules: [] }))).rejects.toThrow(/list_permission_rules.*state/);
  });
});

describe('get_hooks_listing', () => {
  it('groups the hooks under their events in lifecycle order, with matcher, what runs and the source', async () => {
    const [listing] = answers('get_hooks_listing');
    const h = await hooksListing(answering(listing!));
    expect(h.events.map((e) => [e.name, e.summary, e.hooks.length])).toEqual([
      ['PreToolUse', 'Before tool execution', 1],
      ['SessionStart', 'When a new session is started', 1],
      ['Stop', 'Right before Claude concludes its response', 1],
    ]);
    expect(h.events[0]!.hooks[0]).toEqual({
      event: 'PreToolUse',
      matcher: 'Bash',
      source: 'userSettings',
      sourceLabel: 'User settings (~/.claude/settings.json)',
      pluginName: undefined,
      type: 'command',
      textLabel: 'Command',
      text: 'echo checked',
      statusMessage: undefined,
      condition: undefined,
      timeoutSec: undefined,
      once: undefined,
      background: undefined,
      disabled: undefined,
    });
    expect(h.events[1]!.hooks[0]).toMatchObject({ matcher: '', timeoutSec: 5, sourceLabel: 'Project settings (.claude/settings.json)' });
    expect(h.events[2]!.hooks[0]).toMatchObject({ type: 'prompt', textLabel: 'Prompt', text: 'Check the work' });
    expect(h.policy).toEqual({ disabledByPolicy: false, managedOnly: false, allDisabled: false, policyHookCount: 0 });
    expect(h.safeMode).toBeUndefined();
    expect(h.errors).toEqual([]);
  });

  it('keeps safe mode, the policy, flags of each hook, and a hook whose event the list left out', async () => {
    const h = await hooksListing(
      answering({
        events: [{ name: 'Stop', summary: 'At the end', supportsMatcher: false, hookCount: 1 }],
        hooks: [
          {
            event: 'Stop',
            matcher: '',
            source: 'pluginHook',
            pluginName: 'tidy',
            sourceLabel: 'Plugin',
            type: 'command',
            commandText: 'tidy',
            runsOnce: true,
            disabled: true,
          },
          {
            event: 'FileChanged',
            matcher: '*.md',
            source: 'userSettings',
            type: 'http',
            commandText: 'https://x.test',
            contentLabel: 'URL',
            runsInBackground: true,
          },
        ],
        policy: { disabledByPolicy: false, managedOnly: true, pluginOnly: false, allDisabled: true, policyHookCount: 2 },
        safeMode: { managedHooksStillApply: true, exitHint: 'Start without --safe-mode' },
      }),
    );
    expect(h.events.map((e) => e.name)).toEqual(['Stop', 'FileChanged']);
    expect(h.events[0]!.hooks[0]).toMatchObject({ pluginName: 'tidy', once: true, disabled: true, sourceLabel: 'Plugin' });
    expect(h.events[1]!.hooks[0]).toMatchObject({ textLabel: 'URL', background: true, sourceLabel: 'userSettings' });
    expect(h.policy).toEqual({ disabledByPolicy: false, managedOnly: true, allDisabled: true, policyHookCount: 2 });
    expect(h.safeMode).toEqual({ exitHint: 'Start without --safe-mode' });
  });
});
