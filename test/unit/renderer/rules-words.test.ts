// How the "Rules and hooks" panel words rules and hooks, and what its search matches.
import { describe, expect, it } from 'vitest';
import {
  errorLine,
  filterHooks,
  folderMatches,
  folderSource,
  hookExtras,
  hooksNotices,
  matcherText,
  ruleMatches,
  whereKept,
} from '../../../renderer/src/components/rules/rules-words';
import type { Hook, HookEvent, PermissionRule } from '../../../shared/rules';

const rule = (patch: Partial<PermissionRule> = {}): PermissionRule => ({
  behavior: 'allow',
  source: 'localSettings',
  rule: 'Bash(npm test *)',
  reading: { prefix: 'Any Bash command starting with ', emphasis: 'npm test' },
  editability: 'persistent',
  file: '/home/ada/app/.claude/settings.local.json',
  byClide: true,
  removable: true,
  ...patch,
});

const hook = (patch: Partial<Hook> = {}): Hook => ({
  event: 'PreToolUse',
  matcher: 'Bash',
  source: 'userSettings',
  sourceLabel: 'User settings (~/.claude/settings.json)',
  type: 'command',
  textLabel: 'Command',
  text: 'npx eslint --fix',
  ...patch,
});

const POLICY = { disabledByPolicy: false, managedOnly: false, allDisabled: false, policyHookCount: 0 };

describe('where a rule is kept', () => {
  it('the scope in words and the file, under ~ when it is in the home folder', () => {
    expect(whereKept(rule(), '/home/ada')).toBe('This project, just you · ~/app/.claude/settings.local.json');
    expect(whereKept(rule({ source: 'userSettings', file: '/home/ada/.claude/settings.json' }), '/home/ada')).toBe(
      'All your projects · ~/.claude/settings.json',
    );
  });

  it('where that scope keeps its file when the file was not found, and the scope alone where there is none', () => {
    expect(whereKept(rule({ source: 'projectSettings', file: undefined }), '/home/ada')).toBe('This project, shared · .claude/settings.json');
    expect(whereKept(rule({ source: 'session', file: undefined }), '/home/ada')).toBe('This session only');
    expect(whereKept(rule({ source: 'cliArg', file: undefined }), undefined)).toBe('Command line (--allowedTools)');
    expect(whereKept(rule({ source: 'somethingNew', file: undefined }), undefined)).toBe('somethingNew');
  });

  it('extra folders name --add-dir, not --allowedTools', () => {
    expect(folderSource('cliArg')).toBe('Command line (--add-dir)');
    expect(folderSource('session')).toBe('Added in this session');
    expect(folderSource('localSettings')).toBe('This project, just you');
  });
});

describe('search', () => {
  it("a rule matches on its text, reading, behavior, scope, file and clide's mark, every word", () => {
    const r = rule();
    for (const q of ['npm', 'NPM TEST', 'starting with', 'allow', 'just you', 'settings.local', 'clide', 'always allow', 'bash local'])
      expect(ruleMatches(r, q), q).toBe(true);
    for (const q of ['deny', 'lint', 'bash shared']) expect(ruleMatches(r, q), q).toBe(false);
    expect(ruleMatches(rule({ byClide: false }), 'clide')).toBe(false);
    expect(ruleMatches(rule({ notInEffect: true }), 'not in effect')).toBe(true);
    expect(ruleMatches(r, '  ')).toBe(true);
  });

  it('hooks: matching ones kept under their event, empty events dropped', () => {
    const events: HookEvent[] = [
      { name: 'PreToolUse', summary: 'Before tool execution', hooks: [hook(), hook({ matcher: 'Write', text: 'prettier --write' })] },
      {
        name: 'Stop',
        summary: 'Right before Claude concludes its response',
        hooks: [hook({ event: 'Stop', matcher: '', type: 'prompt', textLabel: 'Prompt', text: 'Check it' })],
      },
    ];
    expect(filterHooks(events, 'write').map((e) => [e.name, e.hooks.map((h) => h.text)])).toEqual([['PreToolUse', ['prettier --write']]]);
    expect(filterHooks(events, 'before').map((e) => e.name)).toEqual(['PreToolUse', 'Stop']);
    expect(filterHooks(events, 'stop prompt').map((e) => e.hooks.length)).toEqual([1]);
    expect(filterHooks(events, 'user settings eslint')).toHaveLength(1);
    expect(filterHooks(events, 'nothing like it')).toEqual([]);
    expect(filterHooks(events, '')).toEqual(events);
  });

  it('folders match on their path and who added them', () => {
    expect(folderMatches({ path: '/data/shared', source: 'cliArg' }, 'shared add-dir')).toBe(true);
    expect(folderMatches({ path: '/data/shared', source: 'cliArg' }, 'npm')).toBe(false);
  });
});

describe('hooks in words', () => {
  it('an empty or * matcher fires every time; extras in plain words', () => {
    expect(matcherText(hook({ matcher: '' }))).toBe('every time');
    expect(matcherText(hook({ matcher: '*' }))).toBe('every time');
    expect(matcherText(hook({ matcher: 'Edit|Write' }))).toBe('Edit|Write');
    expect(hookExtras(hook({ timeoutSec: 5, background: true, once: true, disabled: true }))).toEqual([
      'timeout 5 s',
      'runs in the background',
      'runs once',
      'not running in this session',
    ]);
    expect(hookExtras(hook())).toEqual([]);
  });

  it('why hooks may not run: policy, disableAllHooks, managed hooks, safe and bare mode', () => {
    expect(hooksNotices({ policy: POLICY })).toEqual([]);
    expect(hooksNotices({ policy: { ...POLICY, disabledByPolicy: true, allDisabled: true } })).toEqual([
      'Your organisation’s managed settings turn every hook off: none of these run.',
    ]);
    expect(hooksNotices({ policy: { ...POLICY, allDisabled: true, policyHookCount: 3 } })).toEqual([
      'Hooks are turned off (disableAllHooks): none of these run.',
      '3 hooks from your organisation’s managed settings also run.',
    ]);
    expect(hooksNotices({ policy: { ...POLICY, managedOnly: true, policyHookCount: 1 } })).toEqual([
      'Your organisation allows only its own hooks; the others are not run, and its own are not listed.',
    ]);
    expect(hooksNotices({ policy: POLICY, safeMode: { exitHint: 'Restart without --safe-mode.' }, bareMode: { exitHint: '' } })).toEqual([
      'Safe mode: hooks from settings files do not run. Restart without --safe-mode.',
      'Bare mode: hooks from settings files and plugins do not run.',
    ]);
  });
});

describe('errors', () => {
  it('the reason, a full stop where it has none, then what to do', () => {
    expect(errorLine({ message: 'Claude refused "x": locked' })).toBe('Claude refused "x": locked');
    expect(errorLine({ message: 'Claude refused "x": locked', hint: 'Try again.' })).toBe('Claude refused "x": locked. Try again.');
    expect(errorLine({ message: 'It failed.', hint: 'Try again.' })).toBe('It failed. Try again.');
  });
});
