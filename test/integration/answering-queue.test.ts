// Talking to the real CLI while it works, and answering it: a queued message waits for the
// turn's result and then starts a turn of its own; a steered one is folded into the running
// turn; "Always allow" saves the rule so the same command is not asked again; approving a plan
// continues in the chosen mode; @-mention suggestions come from the session's folder; bypass
// is offered only where the CLI accepts it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastUserText, text, toolUse, type FakeReply, type MessagesBody, type Responder } from '../support/fake-api';
import { waitFor } from '../support/wait';
import { realCliSessions } from '../support/real-cli-hosts';
import { toolCalls } from '../../shared/transcript';

// Each test's host is checked (no control request left unanswered) and shut down after it.
const openSession = realCliSessions();
const open = (script: Responder | FakeReply[], opts: { env?: NodeJS.ProcessEnv; permissionMode?: string } = {}) =>
  openSession(script, { host: { env: opts.env }, create: opts.permissionMode ? { permissionMode: opts.permissionMode } : {}, readyMs: 60_000 });

/** All text the person sent in a request, across its user messages. */
function userTexts(body: MessagesBody): string {
  return JSON.stringify(body.messages.filter((m) => m.role === 'user'));
}

describe('queue and steer on the real CLI', () => {
  it('a queued message waits for the result, then runs as its own turn; steering folds into the running turn', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { id, h, sb } = await open((req, i) => {
      if (i === 0) return { ...toolUse('Read', { file_path: 'README.md' }), hold: held };
      if (i === 1) return text('Read it.');
      return text(`Answer to: ${lastUserText(req.body)}`);
    });
    fs.writeFileSync(path.join(sb.cwd, 'README.md'), 'hello\n');
    h.send(id, 'Read the README');
    await waitFor(() => sb.api.turns().length === 1, 'the first request');
    // While the reply is held open, one message steers and one waits in the queue.
    const r = h.send(id, 'Please queue this one', [], true);
    expect(r.queued).toEqual(expect.any(String));
    expect(h.view(id).queue?.map((m) => m.text)).toEqual(['Please queue this one']);
    expect(h.send(id, 'Also mention the file size')).toEqual({});
    release();
    // The steer reached the model in the same turn (the request after the tool result).
    await waitFor(() => sb.api.turns().length >= 2, 'the request after the tool result');
    expect(userTexts(sb.api.turns()[1]!.body)).toContain('Also mention the file size');
    expect(userTexts(sb.api.turns()[1]!.body)).not.toContain('Please queue this one');
    // The queued message went out after the first result, as a turn of its own.
    await waitFor(() => sb.api.turns().length >= 3, 'the queued turn', 60_000);
    expect(lastUserText(sb.api.turns()[2]!.body)).toContain('Please queue this one');
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult?.text?.includes('Please queue this one'), 'the queued turn to end', 60_000);
    const v = h.view(id);
    expect(v.queue).toEqual([]);
    expect(v.items.filter((i) => i.type === 'user').map((i) => (i.type === 'user' ? i.text : ''))).toEqual([
      'Read the README',
      'Also mention the file size',
      'Please queue this one',
    ]);
  });

  it('after Stop the queue waits, and resuming sends the next message', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { id, h, sb } = await open((req, i) => (i === 0 ? { ...text('slow'), hold: held } : text(`Answer to: ${lastUserText(req.body)}`)));
    h.send(id, 'Start something slow');
    await waitFor(() => sb.api.turns().length === 1, 'the first request');
    h.send(id, 'Queued before the stop', [], true);
    await h.interrupt(id);
    release();
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult, 'the stopped turn to end');
    expect(h.view(id).queueHold?.reason).toBe('stopped');
    // Nothing goes out on its own after Stop.
    await new Promise((r) => setTimeout(r, 1000));
    expect(sb.api.turns()).toHaveLength(1);
    h.queueResume(id);
    await waitFor(() => h.view(id).lastResult?.text?.includes('Queued before the stop'), 'the queued turn', 60_000);
    expect(h.view(id).queue).toEqual([]);
  });
});

describe('answers on the real CLI', () => {
  it('Always allow saves the rule where it says and the same command is not asked again', async () => {
    // A command the CLI asks about (echo would count as read-only and run unasked).
    const bash = { command: 'npm test -- health', description: 'Run the health tests' };
    const { id, h, sb } = await open([toolUse('Bash', bash), text('Once.'), toolUse('Bash', bash), text('Twice.')]);
    h.send(id, 'Run it');
    const first = await waitFor(() => h.view(id).pending[0], 'the first prompt');
    expect(first.suggestions).toEqual([
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }], behavior: 'allow', destination: 'localSettings' },
    ]);
    h.respond(id, first.requestId, { behavior: 'allow', updatedPermissions: first.suggestions });
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).lastResult, 'the first turn');
    const saved = JSON.parse(fs.readFileSync(path.join(sb.cwd, '.claude', 'settings.local.json'), 'utf8')) as { permissions: { allow: string[] } };
    expect(saved.permissions.allow).toEqual(['Bash(npm test *)']);
    const asked = h.view(id).items.length;
    h.send(id, 'Run it again');
    await waitFor(() => h.view(id).lastResult?.text === 'Twice.', 'the second turn', 60_000);
    // Not asked: no prompt appeared and the command ran.
    expect(h.view(id).pending).toEqual([]);
    // Both calls ran (npm has no package.json here, so each says so).
    const results = toolCalls(h.view(id)).filter((t) => t.result?.content.includes('npm'));
    expect(results).toHaveLength(2);
    expect(toolCalls(h.view(id)).filter((t) => t.permission === 'allowed')).toHaveLength(1);
    expect(h.view(id).items.length).toBeGreaterThan(asked);
  });

  it('approving a plan continues in the chosen mode, so the next edit is not asked', async () => {
    const { id, h, sb } = await open(
      (req, i) => {
        if (i === 0) {
          const m = /[^\s"'`(]*\/plans\/[^\s"'`)]+\.md/.exec(JSON.stringify(req.body.system ?? '') + JSON.stringify(req.body.messages));
          return toolUse('Write', { file_path: m?.[0] ?? 'plan.md', content: '# Plan\n\n1. Write done.txt\n' });
        }
        if (i === 1) return toolUse('ExitPlanMode', {});
        if (i === 2) return toolUse('Write', { file_path: 'done.txt', content: 'done\n' });
        return text('Finished.');
      },
      { permissionMode: 'plan' },
    );
    h.send(id, 'Plan and do it');
    const plan = await waitFor(() => h.view(id).pending[0], 'the plan prompt', 60_000);
    expect(plan.toolName).toBe('ExitPlanMode');
    expect(plan.input.plan).toContain('Write done.txt');
    h.respond(id, plan.requestId, { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] });
    await waitFor(() => h.view(id).lastResult?.text === 'Finished.', 'the turn to finish', 60_000);
    expect(h.view(id).info.permissionMode).toBe('acceptEdits');
    expect(fs.readFileSync(path.join(sb.cwd, 'done.txt'), 'utf8')).toBe('done\n');
    expect(toolCalls(h.view(id)).filter((t) => t.permission).length).toBe(1);
  });

  it('Keep planning is a deny whose message reaches the model', async () => {
    const { id, h, sb } = await open([toolUse('ExitPlanMode', {}), text('I will keep planning.')], { permissionMode: 'plan' });
    h.send(id, 'Plan it');
    const plan = await waitFor(() => h.view(id).pending[0], 'the plan prompt', 60_000);
    h.respond(id, plan.requestId, { behavior: 'deny', message: 'Keep planning: add a rollback step.' });
    await waitFor(() => h.view(id).lastResult, 'the turn to end', 60_000);
    expect(JSON.stringify(sb.api.turns()[1]!.body.messages)).toContain('add a rollback step');
    expect(h.view(id).info.permissionMode).toBe('plan');
  });
});

describe('file suggestions and bypass', () => {
  it('@ mentions find files in the session folder by fuzzy match, not in node_modules', async () => {
    const { id, h, sb } = await open([]);
    fs.mkdirSync(path.join(sb.cwd, 'src', 'routes'), { recursive: true });
    fs.writeFileSync(path.join(sb.cwd, 'src', 'routes', 'health.ts'), '');
    fs.mkdirSync(path.join(sb.cwd, 'node_modules', 'x'), { recursive: true });
    fs.writeFileSync(path.join(sb.cwd, 'node_modules', 'x', 'health.js'), '');
    const r = await h.fileSuggestions(id, 'hlth');
    expect(r.cwd).toBe(sb.cwd);
    expect(r.items[0]).toEqual({ path: 'src/routes/health.ts', folder: false });
    expect(r.items.some((i) => i.path.includes('node_modules'))).toBe(false);
  });

  it('bypass can be switched on where the CLI accepts the flag, and the mode is what the CLI confirms', async () => {
    const root = process.getuid?.() === 0;
    // As root the CLI refuses the flag unless IS_SANDBOX=1 says this is a throwaway machine.
    const { id, h } = await open([], { env: root ? { IS_SANDBOX: '1' } : {} });
    expect(h.view(id).info.bypassAvailable).toBe(true);
    await expect(h.setPermissionMode(id, 'bypassPermissions')).resolves.toBe('bypassPermissions');
    expect(h.view(id).info.permissionMode).toBe('bypassPermissions');
    await expect(h.setPermissionMode(id, 'default')).resolves.toBe('default');
  });
});
