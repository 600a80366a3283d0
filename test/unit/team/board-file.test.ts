// The task board outlives a restart: kept in the data dir after every change, read back by the
// next broker; an unreadable file is set aside with a notice, and numbering never reuses an id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeTeamHost } from './fake-team-host';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-board-'));
  file = path.join(dir, 'team-board.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function host() {
  const h = new FakeTeamHost({ boardFile: file });
  h.add('a', '/home/ada/code/api-server');
  return h;
}

describe('the saved task board', () => {
  it('comes back after a restart with its tasks, states and numbering', () => {
    const first = host();
    first.broker.addTask({ title: 'Write the changelog entry' });
    first.broker.addTask({ title: 'Check the health route', assignee: 'a' });
    first.broker.addTask({ title: 'Drop the old endpoint' });
    first.broker.editTask({ taskId: 'T2', status: 'done', note: 'Added test/health.test.ts' });
    first.broker.removeTask('T3');
    first.broker.dispose();

    const second = host();
    const tasks = second.broker.state().tasks;
    expect(tasks.map((t) => [t.id, t.title, t.status])).toEqual([
      ['T1', 'Write the changelog entry', 'open'],
      ['T2', 'Check the health route', 'done'],
    ]);
    expect(tasks[1]).toMatchObject({ note: 'Added test/health.test.ts', assignee: { id: 'a', name: 'api-server' } });
    // T3 was removed, but its number is not given out again.
    expect(second.broker.addTask({ title: 'Next' }).id).toBe('T4');
    expect(second.broker.state().notice).toBeUndefined();
  });

  it('an unreadable file is set aside with a notice; the board starts empty and the next change replaces the notice', () => {
    fs.writeFileSync(file, '{"version":1,"seq":2,"tasks":[{"id":');
    const h = host();
    const state = h.broker.state();
    expect(state.tasks).toEqual([]);
    expect(state.notice).toMatch(/^The saved task board could not be read: team-board.json had corrupt JSON/);
    const aside = fs.readdirSync(dir).filter((f) => f.startsWith('team-board.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, aside[0]!), 'utf8')).toContain('"seq":2');
    h.broker.addTask({ title: 'Start again' });
    expect(h.broker.state().notice).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ version: 1, seq: 1, tasks: [{ id: 'T1', title: 'Start again' }] });
  });

  it('a board that cannot be written keeps working in memory and says so', () => {
    fs.mkdirSync(file); // a directory where the file should go: every write fails
    const h = host();
    const task = h.broker.addTask({ title: 'Still here' });
    expect(h.broker.state().tasks).toEqual([task]);
    expect(h.broker.state().notice).toMatch(/^The task board could not be saved .*changes last until clide closes\.$/);
  });

  it('without a board file the board lives in memory only', () => {
    const h = new FakeTeamHost();
    h.add('a', '/home/ada/code/api-server');
    h.broker.addTask({ title: 'Memory only' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('the host keeps the board in its data dir', () => {
  it("a second host on the same data dir shows the first one's tasks", async () => {
    const { SessionHost } = await import('../../../electron/core/host');
    const make = () =>
      new SessionHost({
        host: 'web',
        env: { PATH: process.env.PATH },
        homeDir: dir,
        defaultCwd: dir,
        dataDir: dir,
        team: {},
        findClaude: () => ({ found: false, error: { kind: 'cli-not-found', message: 'none' } }),
      });
    const first = make();
    first.team!.addTask({ title: 'Kept across a restart' });
    await first.shutdown();
    expect(fs.existsSync(path.join(dir, 'team-board.json'))).toBe(true);
    const second = make();
    expect(second.team!.state().tasks.map((t) => t.title)).toEqual(['Kept across a restart']);
    await second.shutdown();
  });
});
