// Everything a test needs to run the real pinned `claude` offline: its path, a fake API, and
// a private HOME / config dir / working directory so tests never share state or touch the
// real user's files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeApi, type FakeApi, type FakeReply, type Responder } from './fake-api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The pinned CLI from node_modules (the platform package's native binary). */
export function claudeBin(): string {
  const candidates = [
    path.join(root, 'node_modules', '@anthropic-ai', `claude-code-${process.platform}-${process.arch}`, process.platform === 'win32' ? 'claude.exe' : 'claude'),
    path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'claude.cmd' : 'claude'),
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`The pinned claude CLI is not installed (looked in ${candidates.join(', ')}); run npm ci.`);
  return found;
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

export async function cliSandbox(script: Responder | FakeReply[] = []): Promise<CliSandbox> {
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
