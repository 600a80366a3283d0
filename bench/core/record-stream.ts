// Records the stream C1 replays: the real pinned CLI answering three prompts with long
// streamed replies (thinking, then text in deltas of about 12 characters, as the API sends
// them) from the loopback fake API. Re-run after a CLI upgrade:
//   npx tsx bench/core/record-stream.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { BASE_ARGS, TESTED_CLI_VERSION } from '../../electron/core/protocol/version';
import type { FakeReply } from '../../test/support/fake-api';
import { cliSandbox } from '../../test/support/real-cli';

const out = path.join(import.meta.dirname, 'streams', 'long-replies.jsonl');

const paragraph =
  'The session layer keeps one process per tab and turns its output into events the window can draw. ' +
  'Each reply streams in small pieces, so the framer, the decoder and the batcher see thousands of short lines. ';

function reply(i: number): FakeReply {
  return {
    blocks: [
      { type: 'thinking', thinking: `Planning answer ${i}: ${paragraph.repeat(3)}` },
      { type: 'text', text: `Answer ${i}. ${paragraph.repeat(40)}` },
    ],
    chunk: 12,
  };
}

async function main(): Promise<void> {
  const sb = await cliSandbox([reply(1), reply(2), reply(3)]);
  const child = spawn(sb.env.CLIDE_CLAUDE_PATH!, [...BASE_ARGS], { cwd: sb.cwd, env: sb.env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let results = 0;
  const write = (m: unknown) => child.stdin.write(`${JSON.stringify(m)}\n`);
  write({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize', hooks: {}, sdkMcpServers: [] } });
  const prompts = ['Explain the session layer.', 'Again, in other words.', 'Once more, briefly.'];
  write({ type: 'user', message: { role: 'user', content: prompts[0] }, parent_tool_use_id: null });
  for await (const line of readline.createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    const type = (JSON.parse(line) as { type: string }).type;
    if (type !== 'control_response') lines.push(line.replaceAll(sb.cwd, '/tmp/clide-bench/work').replaceAll(sb.home, '/tmp/clide-bench/home'));
    if (type === 'result') {
      results++;
      if (results === prompts.length) break;
      write({ type: 'user', message: { role: 'user', content: prompts[results] }, parent_tool_use_id: null });
    }
  }
  child.stdin.end();
  await new Promise((r) => child.once('close', r));
  await sb.cleanup();
  const header = {
    type: 'clide_fixture',
    scenario: 'long-replies',
    description: 'Three prompts answered with streamed thinking and long streamed text (deltas of ~12 characters).',
    cli_version: TESTED_CLI_VERSION,
    command: `claude ${BASE_ARGS.join(' ')}`,
    recorded_by: 'npx tsx bench/core/record-stream.ts',
  };
  fs.writeFileSync(out, `${[JSON.stringify(header), ...lines].join('\n')}\n`);
  process.stderr.write(`wrote ${lines.length} lines to ${out}\n`);
}

void main();
