// The pure parts of answering Claude: what "Always allow" says and sends, the edit diff, the
// AskUserQuestion answers, prompt history, typeahead matching and insertion, mode cycling and
// which model entry is current.
import { describe, expect, it } from 'vitest';
import { promptHistory, stepBack, stepForward, notBrowsing, onFirstLine, onLastLine } from '../../../renderer/src/components/composer/history';
import { accept, matchCommands, triggerAt } from '../../../renderer/src/components/composer/typeahead';
import { currentEntry } from '../../../renderer/src/components/modes/model-picker';
import { nextMode } from '../../../renderer/src/components/modes/mode-requests';
import { diffLines, diffStats } from '../../../renderer/src/components/permission/prompt-diff';
import { describeSuggestion, destinationLabel, ruleText, suggestedDestination, withDestination } from '../../../renderer/src/components/permission/suggestions';
import { keepPlanningMessage } from '../../../renderer/src/components/plan/plan-card';
import { answerText, buildAnswers, parseQuestions } from '../../../renderer/src/components/question/answers';

describe('Always allow, in words', () => {
  const rule = { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }], behavior: 'allow', destination: 'localSettings' };

  it('names each rule, mode and folder and where it is saved', () => {
    expect(describeSuggestion(rule)).toEqual({ what: 'Allow Bash(npm test *)', where: 'this project, just you (.claude/settings.local.json)', movable: true });
    expect(describeSuggestion({ type: 'setMode', mode: 'acceptEdits', destination: 'session' })).toMatchObject({
      what: 'Switch to Accept edits for this session',
      where: 'this session only',
      movable: false,
    });
    expect(describeSuggestion({ type: 'addDirectories', directories: ['/a', '/b'], destination: 'projectSettings' })).toMatchObject({
      what: 'Allow access to /a, /b',
      where: 'this project, shared (.claude/settings.json)',
    });
    expect(describeSuggestion({ type: 'addRules', rules: [{ toolName: 'WebFetch' }], behavior: 'deny', destination: 'userSettings' }).what).toBe(
      'Deny WebFetch',
    );
    expect(destinationLabel('userSettings')).toBe('all your projects (~/.claude/settings.json)');
    expect(ruleText({ toolName: 'Read', ruleContent: '//etc/**' })).toBe('Read(//etc/**)');
  });

  it('moves rules and folders to the scope picked, never a mode switch', () => {
    const mode = { type: 'setMode', mode: 'acceptEdits', destination: 'session' };
    expect(suggestedDestination([mode, rule])).toBe('localSettings');
    expect(withDestination([rule, mode], 'userSettings')).toEqual([{ ...rule, destination: 'userSettings' }, mode]);
    expect(withDestination([rule], undefined)).toEqual([rule]);
  });
});

describe('the edit diff', () => {
  it('keeps the common lines and marks what goes and what comes', () => {
    const lines = diffLines('a\nb\nc\nd', 'a\nB\nc\nd\ne');
    expect(lines).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'del', text: 'b' },
      { kind: 'add', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'same', text: 'd' },
      { kind: 'add', text: 'e' },
    ]);
    expect(diffStats(lines)).toEqual({ added: 2, removed: 1 });
  });

  it('stays whole for big inputs (no line is dropped)', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `x${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `y${i}`).join('\n');
    const lines = diffLines(a, b);
    expect(diffStats(lines)).toEqual({ added: 3000, removed: 3000 });
  });
});

describe('AskUserQuestion answers', () => {
  const input = {
    questions: [
      { question: 'Pet?', header: 'Pet', multiSelect: false, options: [{ label: 'Cats', description: 'Independent' }, { label: 'Dogs' }] },
      { question: 'Snacks?', multiSelect: true, options: ['Apples', { label: 'Nuts' }, { nope: 1 }] },
      { header: 'no question text' },
    ],
  };
  const qs = parseQuestions(input);

  it('reads every well-formed question and option', () => {
    expect(qs).toHaveLength(2);
    expect(qs[1]?.options.map((o) => o.label)).toEqual(['Apples', 'Nuts']);
    expect(qs[0]?.options[0]).toEqual({ label: 'Cats', description: 'Independent' });
  });

  it('joins several answers with ", " in the order offered, the own answer last', () => {
    expect(answerText(qs[1]!, { labels: ['Nuts', 'Apples'], other: ' Figs ' })).toBe('Apples, Nuts, Figs');
    expect(answerText(qs[0]!, { labels: [], other: 'A parrot' })).toBe('A parrot');
    expect(answerText(qs[0]!, { labels: [], other: '' })).toBeUndefined();
    expect(buildAnswers(qs, [{ labels: ['Dogs'] }, undefined])).toEqual({ missing: 1 });
    expect(buildAnswers(qs, [{ labels: ['Dogs'] }, { labels: ['Nuts'] }])).toEqual({ answers: { 'Pet?': 'Dogs', 'Snacks?': 'Nuts' } });
  });

  it('Keep planning tells Claude not to start, with the note', () => {
    expect(keepPlanningMessage('  ')).toContain('Do not start implementing yet.');
    expect(keepPlanningMessage('Add a probe')).toMatch(/Do not start implementing yet\. What to change:\nAdd a probe$/);
  });
});

describe('prompt history', () => {
  const list = promptHistory(['one', 'one', '  ', 'two', 'three']);
  it('walks back and forth and restores the draft', () => {
    expect(list).toEqual(['one', 'two', 'three']);
    let s = stepBack(list, notBrowsing, 'draft');
    expect(s.text).toBe('three');
    s = stepBack(list, s.state, 'three');
    expect(s.text).toBe('two');
    s = stepForward(list, s.state);
    expect(s.text).toBe('three');
    s = stepForward(list, s.state);
    expect(s.text).toBe('draft');
    expect(s.state).toEqual(notBrowsing);
    expect(stepBack([], notBrowsing, '').text).toBeUndefined();
  });
  it('knows the first and last line', () => {
    expect(onFirstLine('a\nb', 1)).toBe(true);
    expect(onFirstLine('a\nb', 3)).toBe(false);
    expect(onLastLine('a\nb', 3)).toBe(true);
    expect(onLastLine('a\nb', 0)).toBe(false);
  });
});

describe('typeahead', () => {
  const commands = [
    { name: 'review', description: 'Review changes' },
    { name: 'deploy', description: 'Deploy it (project)', argumentHint: '<env>' },
    { name: 'preview', description: 'Preview the site' },
    { name: 'tidy', description: 'Tidy imports (user)' },
  ];

  it('opens for a slash command at the start and for @ mentions anywhere', () => {
    expect(triggerAt('/rev', 4)).toEqual({ kind: 'command', query: 'rev', start: 0, end: 4 });
    expect(triggerAt('/review now', 11)).toBeUndefined();
    expect(triggerAt('see /rev', 8)).toBeUndefined();
    expect(triggerAt('look at @src/ro', 15)).toEqual({ kind: 'file', query: 'src/ro', start: 8, end: 15 });
    expect(triggerAt('mail me@example.com', 19)).toBeUndefined();
    expect(triggerAt('@"my fi', 7)).toMatchObject({ kind: 'file', query: 'my fi' });
  });

  it('ranks names that start with the query first, own commands before built-in ones', () => {
    expect(matchCommands(commands, 'rev').map((c) => c.name)).toEqual(['review', 'preview']);
    expect(matchCommands(commands, '').map((c) => c.name)).toEqual(['deploy', 'tidy', 'review', 'preview']);
    expect(matchCommands(commands, 'dep')[0]?.source).toBe('project');
    expect(matchCommands(commands, 'imports').map((c) => c.name)).toEqual(['tidy']);
  });

  it('inserts the choice, quoting paths with spaces; a folder keeps the mention open', () => {
    expect(accept('/re', { kind: 'command', query: 're', start: 0, end: 3 }, 'review')).toEqual({ text: '/review ', caret: 8 });
    const t = triggerAt('see @ro and', 7)!;
    expect(accept('see @ro and', t, 'src/router.ts')).toEqual({ text: 'see @src/router.ts and', caret: 19 });
    expect(accept('@my', triggerAt('@my', 3)!, 'my docs/a b.md').text).toBe('@"my docs/a b.md" ');
    expect(accept('@sr', triggerAt('@sr', 3)!, 'src/', true)).toEqual({ text: '@src/', caret: 5 });
  });
});

describe('mode and model controls', () => {
  it('Shift+Tab steps Default -> Accept edits -> Plan -> Default, and leaves bypass by going to Default', () => {
    expect(nextMode(undefined)).toBe('acceptEdits');
    expect(nextMode('acceptEdits')).toBe('plan');
    expect(nextMode('plan')).toBe('default');
    expect(nextMode('bypassPermissions')).toBe('default');
  });

  it('finds the list entry for the confirmed model, preferring the one picked', () => {
    const models = [
      { value: 'default', displayName: 'Default', resolvedModel: 'claude-opus-5-5' },
      { value: 'opus', displayName: 'Opus', resolvedModel: 'claude-opus-5-5' },
      { value: 'sonnet', displayName: 'Sonnet', resolvedModel: 'claude-sonnet-5-5' },
    ];
    expect(currentEntry(models, 'claude-opus-5-5', undefined)?.value).toBe('default');
    expect(currentEntry(models, 'claude-opus-5-5', 'opus')?.value).toBe('opus');
    expect(currentEntry(models, 'sonnet', undefined)?.value).toBe('sonnet');
    expect(currentEntry(models, 'claude-unknown', undefined)).toBeUndefined();
  });
});
