// Records fresh stream-json fixtures from the pinned `claude` CLI, driven against the loopback
// fake Anthropic API. Run: `npm run fixtures:record` (all scenarios) or
// `npm run fixtures:record -- text-turn interrupt` (some). Writes fixtures/<scenario>.jsonl:
//   line 1   {"type":"clide_fixture", scenario, description, cli_version, command, env, initialize}
//   then     every stdout line verbatim, and each line clide wrote to stdin wrapped as
//            {"type":"clide_stdin","message":{...}}, in the order they happened.
// Sandbox paths, the fake API's port and any account e-mail are scrubbed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_ARGS } from '../electron/core/protocol/version';
import { initializeRequest } from '../electron/core/protocol/outbound';
import { cliSandbox } from '../test/support/real-cli';
import { FixtureDriver, type Json } from './record-fixtures.driver';
import { allowAll, scenarios, type Scenario } from './record-fixtures.scenarios';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'fixtures');

/** Stable stand-ins for what differs per run or could identify a person. */
export const SANDBOX_PLACEHOLDER = '/tmp/clide-fixture';
const PERSONAL_KEYS = new Set(['email', 'emailAddress', 'organization', 'organizationName', 'organizationUuid', 'accountUuid']);

function scrubValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(scrubValue);
  if (v && typeof v === 'object') {
    const out: Json = {};
    for (const [k, val] of Object.entries(v as Json)) out[k] = PERSONAL_KEYS.has(k) && val ? '[redacted]' : scrubValue(val);
    return out;
  }
  return v;
}

function scrubLine(line: string, base: string, apiUrl: string): string {
  // The CLI also names per-project folders after the cwd with every / turned into -.
  const dashed = (p: string) => p.replace(/[/\\.]/g, '-');
  let s = line.split(base).join(SANDBOX_PLACEHOLDER).split(dashed(base)).join(dashed(SANDBOX_PLACEHOLDER)).split(new URL(apiUrl).host).join('127.0.0.1:PORT');
  if (s.includes('"email') || s.includes('"organization') || s.includes('"accountUuid')) {
    try {
      s = JSON.stringify(scrubValue(JSON.parse(s)));
    } catch {
      // Not JSON: leave as is (noise lines are recorded verbatim).
    }
  }
  return s;
}

function shellQuote(a: string): string {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

async function record(s: Scenario): Promise<string> {
  const sb = await cliSandbox(s.api);
  const base = path.dirname(sb.home);
  try {
    if (s.apiFor) sb.api.script(s.apiFor(sb));
    s.setup?.(sb);
    const args = [...BASE_ARGS, ...(s.args ?? [])];
    const env = { ...sb.env, ...s.env };
    const d = new FixtureDriver(sb.env.CLIDE_CLAUDE_PATH ?? 'claude', args, sb.cwd, env);
    d.onInbound = s.inbound ?? allowAll;
    const init = initializeRequest(s.initialize ?? {});
    const response = await d.request('initialize', init);
    await s.run(d, sb);
    await d.finish();
    const header = {
      type: 'clide_fixture',
      scenario: s.name,
      description: s.description,
      cli_version: typeof response.claude_code_version === 'string' ? response.claude_code_version : 'unknown',
      command: ['claude', ...args].map(shellQuote).join(' '),
      env: { ...(s.env ?? {}), note: 'plus test/support/real-cli.ts cliSandbox(): fake API URL and key, private HOME and CLAUDE_CONFIG_DIR' },
      initialize: init,
      recorded_by: `npx tsx scripts/record-fixtures.ts ${s.name}`,
      exit: d.exitInfo,
    };
    const body = d.lines.map((l) => {
      const text = scrubLine(l.text, base, sb.api.url);
      return l.dir === 'out' ? text : `{"type":"clide_stdin","message":${text}}`;
    });
    const file = path.join(outDir, `${s.name}.jsonl`);
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(file, `${[JSON.stringify(header), ...body].join('\n')}\n`);
    return file;
  } finally {
    await sb.cleanup();
  }
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !scenarios.some((s) => s.name === w));
  if (unknown.length > 0) {
    console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const chosen = wanted.length > 0 ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;
  let failed = 0;
  for (const s of chosen) {
    const started = Date.now();
    try {
      const file = await record(s);
      console.log(`recorded ${s.name} -> ${path.relative(root, file)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (err) {
      failed++;
      console.error(`FAILED ${s.name}: ${(err as Error).message}`);
    }
  }
  if (failed > 0) process.exit(1);
}

await main();
