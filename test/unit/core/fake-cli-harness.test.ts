// The checks every fake-CLI test ends with must themselves fail when they should.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FakeLab, processGone } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

function append(lab: FakeLab, record: Record<string, unknown>): void {
  fs.appendFileSync(lab.logPath, `${JSON.stringify({ t: Date.now(), ...record })}\n`);
}

describe('FakeLab.finish', () => {
  it('fails on a control request left unanswered', async () => {
    const lab = new FakeLab();
    append(lab, { pid: 999_999_991, ev: 'start', argv: [], envKeys: [] });
    append(lab, { pid: 999_999_991, ev: 'ask', id: 'left-open' });
    append(lab, { pid: 999_999_991, ev: 'exit', reason: 'eof', open: ['left-open'] });
    await expect(lab.finish()).rejects.toThrow(/never answered: left-open/);
  });

  it('accepts a request cut off by the fake’s own scripted exit', async () => {
    const lab = new FakeLab();
    append(lab, { pid: 999_999_992, ev: 'start', argv: [], envKeys: [] });
    append(lab, { pid: 999_999_992, ev: 'ask', id: 'cut' });
    append(lab, { pid: 999_999_992, ev: 'exit', reason: 'script', open: ['cut'] });
    await expect(lab.finish()).resolves.toBeUndefined();
  });

  it('fails on a protocol violation (answered twice)', async () => {
    const lab = new FakeLab();
    append(lab, { pid: 999_999_993, ev: 'violation', what: 'answered twice', id: 'x' });
    await expect(lab.finish()).rejects.toThrow(/answered twice/);
  });

  it('fails on a process still running', async () => {
    const lab = new FakeLab();
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    append(lab, { pid: sleeper.pid, ev: 'start', argv: [], envKeys: [] });
    try {
      await expect(lab.finish()).rejects.toThrow(new RegExp(`process ${sleeper.pid} is still running`));
    } finally {
      sleeper.kill('SIGKILL');
      await waitFor(() => processGone(sleeper.pid!), 'sleeper gone');
    }
  });
});
