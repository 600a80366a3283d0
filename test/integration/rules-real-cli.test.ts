// The "Rules and hooks" panel's data on the real CLI: the permission rules of the user, project
// and local settings files with the file each is in, the hooks by event, the rules "Always
// allow" saved marked as clide's, and removing one: it leaves its file, the next
// list_permission_rules no longer has it, and Claude Code asks before the tool again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlers, dispatch } from '../../electron/core/api-handlers';
import type { SessionHost } from '../../electron/core/host';
import type { PermissionRule } from '../../shared/rules';
import { text, toolUse, type FakeReply } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { trustInClaudeCode } from '../support/trust';
import { writeSampleSettings, writeSettings } from '../support/rules-settings';
import { tempRepos } from '../support/git-repo';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();
const makeRepo = tempRepos();

/** A sandbox whose files `prepare` writes before the session's Claude starts, and that session, ready. */
async function open(script: FakeReply[], prepare: (sb: { cwd: string; configDir: string; home: string }) => string | void = () => {}) {
  const { host: h, sandbox: sb } = await onRealCli(script);
  const cwd = prepare(sb) ?? sb.cwd;
  const { id } = h.create({ cwd });
  await waitFor(() => h.view(id).status === 'ready', 'ready', 60_000);
  return { id, h, sb };
}

function rule(rules: PermissionRule[], text: string): PermissionRule | undefined {
  return rules.find((r) => r.rule === text);
}

// A command the CLI asks about (echo would count as read-only and run unasked).
const bash = { command: 'npm test -- health', description: 'Run the health tests' };

/** Ask for `bash` and answer "Always allow" with the CLI's suggestion, moved to `destination` when given. */
async function alwaysAllow(h: SessionHost, id: string, destination?: string): Promise<void> {
  h.send(id, 'Run it');
  const prompt = await waitFor(() => h.view(id).pending[0], 'the prompt');
  const chosen = destination ? prompt.suggestions.map((s) => ({ ...s, destination })) : prompt.suggestions;
  h.respond(id, prompt.requestId, { behavior: 'allow', updatedPermissions: chosen });
  await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult, 'the turn to end', 60_000);
}

const twice: FakeReply[] = [toolUse('Bash', bash), text('Once.'), toolUse('Bash', bash), text('Twice.')];

describe('permission rules and hooks on the real CLI', () => {
  it('lists the rules of every settings file with where each is kept, and the hooks by event', async () => {
    const { id, h, sb } = await open([], writeSampleSettings);
    const userFile = path.join(sb.configDir, 'settings.json');

    // Through the contract, so the answer is checked against its schema too.
    const listed = await dispatch(createHandlers(h), 'rules:list', { id });
    if (!listed.ok) throw new Error(listed.error.message);
    const state = listed.value as Awaited<ReturnType<SessionHost['rules']['list']>>;
    expect(state.remote).toBe(false);
    expect(state.errors).toEqual([]);
    expect(rule(state.rules, 'Read(/tmp/**)')).toMatchObject({
      behavior: 'allow',
      source: 'userSettings',
      file: userFile,
      editability: 'persistent',
      byClide: false,
    });
    expect(rule(state.rules, 'WebFetch')).toMatchObject({
      behavior: 'deny',
      source: 'userSettings',
      reading: { prefix: 'Any use of the ', emphasis: 'WebFetch', suffix: ' tool' },
    });
    expect(rule(state.rules, 'Bash(git push:*)')).toMatchObject({
      behavior: 'ask',
      source: 'projectSettings',
      file: path.join(sb.cwd, '.claude', 'settings.json'),
    });
    expect(rule(state.rules, 'Bash(npm run lint)')).toMatchObject({
      behavior: 'allow',
      source: 'localSettings',
      file: path.join(sb.cwd, '.claude', 'settings.local.json'),
      byClide: false,
      removable: false,
    });

    const hooks = await h.rules.hooks(id);
    expect(hooks.events.map((e) => e.name)).toEqual(['PreToolUse', 'SessionStart', 'Stop']);
    expect(hooks.events[0]).toMatchObject({
      summary: 'Before tool execution',
      hooks: [{ matcher: 'Bash', source: 'userSettings', type: 'command', textLabel: 'Command', text: 'echo checked' }],
    });
    expect(hooks.events[0]!.hooks[0]!.sourceLabel).toContain('User settings');
    expect(hooks.events.find((e) => e.name === 'SessionStart')!.hooks).toEqual([
      expect.objectContaining({ matcher: '', text: 'echo started', timeoutSec: 5, source: 'projectSettings' }),
    ]);
    expect(hooks.events.find((e) => e.name === 'Stop')!.hooks).toEqual([
      expect.objectContaining({ type: 'prompt', textLabel: 'Prompt', text: 'Check the work' }),
    ]);
    expect(hooks.policy).toEqual({ disabledByPolicy: false, managedOnly: false, allDisabled: false, policyHookCount: 0 });
  });

  it('a settings file that does not parse is named with the reason, and its rules are not listed', async () => {
    const { id, h, sb } = await open([], (sb) => {
      fs.mkdirSync(path.join(sb.cwd, '.claude'));
      fs.writeFileSync(path.join(sb.cwd, '.claude', 'settings.local.json'), '{ "permissions": { "allow": ["Bash(ls)", }');
      // A file clide cannot read is shown in the trust question; trusted, as in Claude Code's dialog.
      trustInClaudeCode(sb, sb.cwd);
    });
    const local = path.join(sb.cwd, '.claude', 'settings.local.json');
    const state = await h.rules.list(id);
    expect(state.rules).toEqual([]);
    expect(state.errors).toEqual([{ file: local, path: '', message: expect.stringMatching(/JSON/) }]);
    expect((await h.rules.hooks(id)).errors).toEqual(state.errors);
  });

  it('"Always allow" is marked as clide\'s; removing it takes it out of its file, the next list lacks it, and the tool is asked again', async () => {
    // A rule the person wrote, beside the one clide will save: it stays, and is not clide's to remove.
    const { id, h, sb } = await open(twice, (sb) =>
      writeSettings(path.join(sb.cwd, '.claude', 'settings.local.json'), { permissions: { allow: ['Bash(npm run lint)'] }, outputStyle: 'Explanatory' }),
    );
    const local = path.join(sb.cwd, '.claude', 'settings.local.json');
    await alwaysAllow(h, id);

    const saved = await h.rules.list(id);
    expect(rule(saved.rules, 'Bash(npm test *)')).toMatchObject({ source: 'localSettings', behavior: 'allow', file: local, byClide: true, removable: true });
    expect(rule(saved.rules, 'Bash(npm run lint)')).toMatchObject({ byClide: false, removable: false });
    await expect(h.rules.remove(id, { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm run lint)' })).rejects.toThrow(
      'clide removes only the rules it saved with "Always allow", and Bash(npm run lint) is not one of them.',
    );

    const after = await h.rules.remove(id, { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test *)' });
    expect(rule(after.rules, 'Bash(npm test *)')).toBeUndefined();
    expect(rule(after.rules, 'Bash(npm run lint)')).toBeDefined();
    // The file keeps everything else the person had in it.
    expect(JSON.parse(fs.readFileSync(local, 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm run lint)'] }, outputStyle: 'Explanatory' });
    // The next list_permission_rules, asked on its own, agrees.
    expect(rule((await h.rules.list(id)).rules, 'Bash(npm test *)')).toBeUndefined();

    // And Claude Code enforces it: the same command is asked about again.
    h.send(id, 'Run it again');
    const again = await waitFor(() => h.view(id).pending[0], 'the prompt for the second run', 60_000);
    expect(again.toolName).toBe('Bash');
    h.respond(id, again.requestId, { behavior: 'deny', message: 'Not now.' });
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult?.text === 'Twice.', 'the second turn', 60_000);
  });

  it('rules saved for all projects and for this session only are marked; the user one is removed from ~/.claude, the session one is not removable', async () => {
    const { id, h, sb } = await open(twice);
    h.send(id, 'Run it');
    const prompt = await waitFor(() => h.view(id).pending[0], 'the prompt');
    h.respond(id, prompt.requestId, {
      behavior: 'allow',
      updatedPermissions: [
        // Parentheses in a rule are stored escaped (Bash(echo \(a\) *)): still recognised as clide's.
        {
          type: 'addRules',
          rules: [
            { toolName: 'Bash', ruleContent: 'npm test *' },
            { toolName: 'Bash', ruleContent: 'echo (a) *' },
          ],
          behavior: 'allow',
          destination: 'userSettings',
        },
        { type: 'addRules', rules: [{ toolName: 'WebFetch', ruleContent: 'domain:example.com' }], behavior: 'deny', destination: 'session' },
      ],
    });
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult, 'the turn to end', 60_000);
    const userFile = path.join(sb.configDir, 'settings.json');
    const state = await h.rules.list(id);
    expect(rule(state.rules, 'Bash(npm test *)')).toMatchObject({ source: 'userSettings', file: userFile, byClide: true, removable: true });
    expect(rule(state.rules, 'Bash(echo \\(a\\) *)')).toMatchObject({ source: 'userSettings', byClide: true, removable: true });
    expect(rule(state.rules, 'WebFetch(domain:example.com)')).toMatchObject({
      source: 'session',
      behavior: 'deny',
      editability: 'session',
      byClide: true,
      removable: false,
    });
    expect(rule(state.rules, 'WebFetch(domain:example.com)')?.file).toBeUndefined();

    const after = await h.rules.remove(id, { source: 'userSettings', behavior: 'allow', rule: 'Bash(echo \\(a\\) *)' });
    expect(rule(after.rules, 'Bash(echo \\(a\\) *)')).toBeUndefined();
    expect(rule(after.rules, 'Bash(npm test *)')).toMatchObject({ byClide: true });
    expect(JSON.parse(fs.readFileSync(userFile, 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm test *)'] } });
  });

  it('in a git worktree the local rule lives in the main checkout, and is found and removed there', async () => {
    const repo = makeRepo();
    const tree = path.join(repo.base, 'tree');
    repo.git(['worktree', 'add', '-q', '-b', 'feature', tree]);
    const { id, h } = await open(twice, () => tree);
    await alwaysAllow(h, id);

    const main = path.join(repo.root, '.claude', 'settings.local.json');
    expect(rule((await h.rules.list(id)).rules, 'Bash(npm test *)')).toMatchObject({ file: main, byClide: true, removable: true });
    const after = await h.rules.remove(id, { source: 'localSettings', behavior: 'allow', rule: 'Bash(npm test *)' });
    expect(rule(after.rules, 'Bash(npm test *)')).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(main, 'utf8'))).toEqual({ permissions: { allow: [] } });
  });
});
