// A CLI that cannot start: the tab shows the cause and a fix within 2 s, never a spinner, and
// the app keeps running (other sessions and a later Resume work).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requestedCwdProblem } from '../../../electron/core/spawn-errors';
import { FAKE_CLI, FakeLab } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

/**
 * The failure, found from the spawn itself rather than from a start that timed out: each test
 * checks its kind, which a timeout would not give. That takes well under 2 s on an idle machine;
 * the bound leaves room for a loaded one and still fails fast where no failure is shown at all.
 */
async function failureAtOnce(d: { view(): { status: string; failure?: { error: { kind: string; message: string; hint?: string } } } }) {
  const failure = await waitFor(() => d.view().status === 'failed' && d.view().failure, 'failure', 10_000);
  expect(failure.error.hint).toBeTruthy();
  return failure;
}

describe('when claude cannot start', () => {
  it('not found: says so and how to install it', async () => {
    lab = new FakeLab();
    const missing = path.join(lab.dir, 'no', 'claude');
    const d = lab.start('idle', { claudePath: missing });
    const f = await failureAtOnce(d);
    expect(f.error.kind).toBe('cli-not-found');
    expect(f.error.message).toContain(missing);
    expect(f.error.hint).toMatch(/install/i);
    expect(d.session.pid).toBeUndefined();
  });

  it('not executable: says so and how to fix it, and Resume works once fixed', async () => {
    lab = new FakeLab();
    const copy = path.join(lab.dir, 'claude');
    fs.copyFileSync(FAKE_CLI, copy);
    fs.chmodSync(copy, 0o644);
    const d = lab.start('basic-turn', { claudePath: copy });
    const f = await failureAtOnce(d);
    expect(f.error.kind).toBe('cli-not-executable');
    expect(f.error.hint).toContain('chmod +x');
    fs.chmodSync(copy, 0o755);
    d.session.restart();
    await waitFor(() => d.view().status === 'ready', 'ready after the fix');
    expect(d.view().failure).toBeUndefined();
  });

  it('a folder instead of the executable', async () => {
    lab = new FakeLab();
    const d = lab.start('idle', { claudePath: lab.dir });
    const f = await failureAtOnce(d);
    expect(f.error.kind).toBe('cli-not-executable');
    expect(f.error.message).toContain('folder');
  });

  it('a script whose interpreter is missing', async () => {
    lab = new FakeLab();
    const script = path.join(lab.dir, 'claude');
    fs.writeFileSync(script, '#!/nonexistent/interpreter\n', { mode: 0o755 });
    const d = lab.start('idle', { claudePath: script });
    const f = await failureAtOnce(d);
    expect(f.error.kind).toBe('cli-not-executable');
    expect(f.error.message).toMatch(/interpreter/);
  });

  it('the working directory was deleted: says which, and Resume works once it is back', async () => {
    lab = new FakeLab();
    const cwd = path.join(lab.dir, 'project');
    fs.mkdirSync(cwd);
    fs.rmSync(cwd, { recursive: true });
    const d = lab.start('basic-turn', { cwd });
    const f = await failureAtOnce(d);
    expect(f.error.kind).toBe('cwd-missing');
    expect(f.error.message).toContain(cwd);
    fs.mkdirSync(cwd);
    d.session.restart();
    await waitFor(() => d.view().status === 'ready', 'ready');
  });

  it('one broken session does not affect another', async () => {
    lab = new FakeLab();
    const broken = lab.start('idle', { claudePath: path.join(lab.dir, 'missing') });
    const fine = lab.start('basic-turn');
    await failureAtOnce(broken);
    await waitFor(() => fine.view().status === 'ready', 'ready');
    fine.session.send('hi');
    await waitFor(() => fine.view().lastResult, 'result');
  });
});

describe('a working directory a window asks for', () => {
  it('must be a full path to an existing folder', () => {
    expect(requestedCwdProblem('relative/dir')).toMatchObject({
      kind: 'invalid-input',
      message: 'The working directory must be a full path, not "relative/dir".',
    });
    expect(requestedCwdProblem('x'.repeat(5000))?.message.length).toBeLessThan(300);
    expect(requestedCwdProblem(path.join(os.tmpdir(), 'clide-no-such-folder-7f3a'))).toMatchObject({ kind: 'cwd-missing' });
    expect(requestedCwdProblem(os.tmpdir())).toBeUndefined();
  });
});
