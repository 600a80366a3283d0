// Everything a test needs to run the real pinned `claude` offline: its path, a fake API, and
// a private HOME / config dir / working directory so tests never share state or touch the
// real user's files.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeApi, type FakeApi, type FakeReply, type Responder } from './fake-api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const exe = process.platform === 'win32' ? 'claude.exe' : 'claude';
const platformDir = `${process.platform}-${process.arch}`;

/**
 * The CLI the real-CLI tests run. By default the pinned one (@anthropic-ai/claude-code's platform
 * package). `CLIDE_TEST_CLI=next` picks the newer build that ships in the Agent SDK's platform
 * package (@anthropic-ai/claude-agent-sdk-<platform>), so the same suite shows what a CLI
 * upgrade would break; any other value is taken as the path of a `claude` executable.
 */
export function claudeBin(): string {
  const choice = process.env.CLIDE_TEST_CLI?.trim() || 'pinned';
  const candidates =
    choice === 'pinned'
      ? [
          path.join(root, 'node_modules', '@anthropic-ai', `claude-code-${platformDir}`, exe),
          path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'claude.cmd' : 'claude'),
        ]
      : choice === 'next'
        ? [path.join(root, 'node_modules', '@anthropic-ai', `claude-agent-sdk-${platformDir}`, exe)]
        : [path.resolve(choice)];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`The ${choice} claude CLI is not installed (looked in ${candidates.join(', ')}); run npm ci.`);
  return found;
}

let version: string | undefined;

/** The version the CLI under test reports (`claude --version`: "2.1.332 (Claude Code)"). */
export function claudeVersion(): string {
  if (version) return version;
  const out = execFileSync(claudeBin(), ['--version'], { encoding: 'utf8', env: { ...process.env, DISABLE_AUTOUPDATER: '1' }, timeout: 60_000 });
  const m = /^(\d+\.\d+\.\d+)/.exec(out.trim());
  if (!m?.[1]) throw new Error(`claude --version printed no version: ${out}`);
  version = m[1];
  return version;
}

export interface CliSandbox {
  api: FakeApi;
  home: string;
  configDir: string;
  cwd: string;
  /** Environment for the child: fake API, private config, no network side traffic. */
  env: NodeJS.ProcessEnv;
  cleanup(): Promise<void>;
}

export interface SandboxOptions {
  /**
   * Log the CLI in as a claude.ai subscriber instead of with an API key: a credentials file in
   * the config dir (a made-up OAuth token with the profile scope, a Max plan) and no
   * ANTHROPIC_API_KEY. The CLI then reads the API's unified rate-limit headers (rate_limit_event,
   * usage limits) and get_usage says which plan it is. Its requests still go to the fake API.
   */
  subscription?: boolean;
}

export async function cliSandbox(script: Responder | FakeReply[] = [], opts: SandboxOptions = {}): Promise<CliSandbox> {
  const api = await startFakeApi(script);
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-test-'));
  const home = path.join(base, 'home');
  const cwd = path.join(base, 'work');
  const configDir = path.join(home, '.claude');
  fs.mkdirSync(configDir, { recursive: true });
  fs.mkdirSync(cwd, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    USERPROFILE: home,
    TMPDIR: process.env.TMPDIR ?? os.tmpdir(),
    LANG: 'C.UTF-8',
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_API_KEY: 'sk-ant-test-fake',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    CLIDE_CLAUDE_PATH: claudeBin(),
  };
  if (opts.subscription) {
    delete env.ANTHROPIC_API_KEY;
    const claudeAiOauth = {
      accessToken: 'sk-ant-oat01-clide-test',
      refreshToken: 'sk-ant-ort01-clide-test',
      expiresAt: Date.now() + 7 * 86_400_000,
      scopes: ['user:inference', 'user:profile'],
      subscriptionType: 'max',
    };
    fs.writeFileSync(path.join(configDir, '.credentials.json'), JSON.stringify({ claudeAiOauth }), { mode: 0o600 });
  }
  return {
    api,
    home,
    configDir,
    cwd,
    env,
    async cleanup() {
      await api.close();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * A view's items without the note a CLI other than the tested one adds ("Claude Code X is
 * installed; ... tested with Y"), so a test reads the same on the pinned and the next CLI.
 */
export function withoutVersionNote<T extends { type: string; code?: string }>(items: readonly T[]): T[] {
  return items.filter((i) => !(i.type === 'notice' && i.code === 'cli-version'));
}
