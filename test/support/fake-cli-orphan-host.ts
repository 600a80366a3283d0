// A clide host in its own process, for tests that kill the app with SIGKILL and check that
// the next launch reaps what it left behind. Prints one JSON line with the children's pids
// once every session is ready, then waits to be killed.
//   node --import tsx test/support/fake-cli-orphan-host.ts <dataDir> <scenario.jsonl> <sessions>
import { SessionHost } from '../../electron/core/host';
import { FAKE_CLI } from './fake-cli-harness';

const [dataDir, scenarioPath, count] = process.argv.slice(2);
if (!dataDir || !scenarioPath) throw new Error('usage: fake-cli-orphan-host <dataDir> <scenario> [sessions]');

const host = new SessionHost({
  host: 'web',
  env: { PATH: process.env.PATH, CLIDE_FAKE_SCENARIO: scenarioPath, CLIDE_FAKE_LOG: process.env.CLIDE_FAKE_LOG },
  homeDir: dataDir,
  defaultCwd: dataDir,
  dataDir,
  findClaude: () => ({ found: true, path: FAKE_CLI, source: 'env' }),
});
const ids = Array.from({ length: Number(count ?? 2) }, () => host.create({}).id);
// Tabs start no process until their first message: start each one's now.
for (const id of ids) if (host.view(id).status === 'not-started') host.restart(id);
const timer = setInterval(() => {
  if (!ids.every((id) => host.view(id).status === 'ready')) return;
  clearInterval(timer);
  process.stdout.write(`${JSON.stringify({ pids: host.list().map((s) => s.pid) })}\n`);
  setInterval(() => {}, 1 << 30);
}, 10);
