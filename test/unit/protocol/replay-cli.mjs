#!/usr/bin/env node
// A stand-in `claude` that replays a recorded fixture (fixtures/*.jsonl) in step with what it is
// sent: each recorded stdin line waits for a matching message from the app (control requests by
// subtype, user messages, control responses by the id they answer); each recorded stdout line is
// written with request ids mapped to the app's own. CLIDE_REPLAY_VERSION, when set, replaces the
// CLI version the recording reports (for the version canary).
import fs from 'node:fs';
import readline from 'node:readline';

const file = process.env.CLIDE_REPLAY_FIXTURE;
if (!file) {
  process.stderr.write('CLIDE_REPLAY_FIXTURE is not set\n');
  process.exit(2);
}
const fakeVersion = process.env.CLIDE_REPLAY_VERSION;
const lines = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .slice(1)
  .map((t) => JSON.parse(t));
/** recorded request id -> the id the app used (both directions). */
const ids = new Map();
const inbox = [];
let wake = () => {};
let stdinEnded = false;

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (l) => {
  if (!l.trim()) return;
  inbox.push(JSON.parse(l));
  wake();
});
rl.on('close', () => {
  stdinEnded = true;
  wake();
});

function matches(recorded, got) {
  if (recorded.type !== got.type) return false;
  if (recorded.type === 'control_request') return recorded.request.subtype === got.request.subtype;
  if (recorded.type === 'control_response') return (ids.get(recorded.response.request_id) ?? recorded.response.request_id) === got.response.request_id;
  return true;
}

async function receive(recorded) {
  for (;;) {
    const i = inbox.findIndex((m) => matches(recorded, m));
    if (i >= 0) return inbox.splice(i, 1)[0];
    if (stdinEnded) process.exit(0);
    await new Promise((r) => (wake = r));
  }
}

for (const rec of lines) {
  if (rec.type === 'clide_stdin') {
    const got = await receive(rec.message);
    if (rec.message.type === 'control_request') ids.set(rec.message.request_id, got.request_id);
    continue;
  }
  let text = JSON.stringify(rec);
  if (rec.type === 'control_response') {
    const mapped = ids.get(rec.response.request_id);
    if (mapped) text = JSON.stringify({ ...rec, response: { ...rec.response, request_id: mapped } });
  }
  if (fakeVersion) text = text.split('"claude_code_version":"2.1.332"').join(`"claude_code_version":"${fakeVersion}"`);
  process.stdout.write(`${text}\n`);
}
// Like the real CLI: stay until stdin closes, then exit cleanly.
while (!stdinEnded) await new Promise((r) => (wake = r));
process.exit(0);
