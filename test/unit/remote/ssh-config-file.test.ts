// Which client config ssh is given: the file the host list came from, where ssh would otherwise
// read another one (HOME is not the password file's home), and nothing where they agree (so
// ssh still reads the system-wide config too). Real ssh reads the args (ssh -G).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configFileFor } from '../../../electron/core/remote/ssh-args';
import { Remote } from '../../../electron/core/remote/remote-service';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const sshAvailable = spawnSync('ssh', ['-V']).error === undefined;

describe('the ssh config file clide passes with -F', () => {
  it("is the listed $HOME/.ssh/config only where HOME is not the password file's home", () => {
    const has = (p: string) => p === '/sandbox/home/.ssh/config';
    expect(configFileFor(undefined, '/sandbox/home', '/root', has)).toBe('/sandbox/home/.ssh/config');
    expect(configFileFor(undefined, '/root', '/root', () => true)).toBeUndefined();
    expect(configFileFor(undefined, '/root/', '/root', () => true)).toBeUndefined();
    // No file there: nothing to point at (ssh's own config then).
    expect(configFileFor(undefined, '/elsewhere', '/root', has)).toBeUndefined();
    // CLIDE_SSH_CONFIG (or a test's config) wins.
    expect(configFileFor('/x/config', '/sandbox/home', '/root', has)).toBe('/x/config');
  });

  it.skipIf(!sshAvailable)('connects to a host listed from $HOME/.ssh/config with that file, as ssh -G resolves it', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-sshcfg-'));
    const home = path.join(dir, 'home');
    fs.mkdirSync(path.join(home, '.ssh'), { recursive: true });
    fs.writeFileSync(path.join(home, '.ssh', 'config'), 'Host listed-box\n  HostName 192.0.2.7\n  Port 2222\n  User someone\n');
    const remote = new Remote({
      env: { ...process.env, HOME: home },
      homeDir: home,
      dataDir: path.join(dir, 'data'),
      onPrompt: () => {},
      onPromptClosed: () => {},
    });
    expect(remote.hosts().hosts.map((h) => h.location)).toContain('listed-box');
    if (os.userInfo().homedir !== home) expect(remote.setup.configFile).toBe(path.join(home, '.ssh', 'config'));
    const args = [...(remote.setup.configFile ? ['-F', remote.setup.configFile] : []), '-G', 'listed-box'];
    const out = spawnSync('ssh', args, { encoding: 'utf8', env: { ...process.env, HOME: home } }).stdout;
    expect(out).toMatch(/^hostname 192\.0\.2\.7$/m);
    expect(out).toMatch(/^port 2222$/m);
  });
});
