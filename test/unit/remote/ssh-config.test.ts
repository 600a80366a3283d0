// The host list comes from the person's own ssh config, including the files it Includes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configLine, readConfigHosts } from '../../../electron/core/remote/ssh-config';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function home(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-sshcfg-'));
  for (const [name, text] of Object.entries(files)) {
    const p = path.join(dir, name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
  return dir;
}

describe('ssh config hosts', () => {
  it('lists plain Host names with their HostName, User and Port, skipping patterns and Match blocks', () => {
    const h = home({
      '.ssh/config': [
        '# my hosts',
        'Host devbox gpu',
        '  HostName 10.0.0.5',
        '  User ada',
        '  Port 2222',
        '  Port 9999',
        'Host *.internal !bastion web-?',
        '  User ignored',
        'Host=build',
        '  HostName="build.example.com"',
        'Match host foo',
        '  User matched',
        'Host *',
        '  ServerAliveInterval 30',
      ].join('\n'),
    });
    const { hosts, problems } = readConfigHosts(path.join(h, '.ssh/config'), h);
    expect(problems).toEqual([]);
    expect(hosts.map(({ file: _f, ...x }) => x)).toEqual([
      { alias: 'devbox', hostName: '10.0.0.5', user: 'ada', port: 2222 },
      { alias: 'gpu', hostName: '10.0.0.5', user: 'ada', port: 2222 },
      { alias: 'build', hostName: 'build.example.com' },
    ]);
  });

  it('follows Include: relative to ~/.ssh, ~ expanded, globs, nested, the first name wins', () => {
    const h = home({
      '.ssh/config': 'Include conf.d/*.conf\nInclude ~/other/extra\nHost main\n',
      '.ssh/conf.d/a.conf': 'Host alpha\n  User a\nInclude nested\n',
      '.ssh/conf.d/b.conf': 'Host beta alpha\n',
      '.ssh/conf.d/skip.txt': 'Host not-included\n',
      '.ssh/nested': 'Host gamma\n',
      'other/extra': 'Host delta\n',
    });
    const names = readConfigHosts(path.join(h, '.ssh/config'), h).hosts.map((x) => x.alias);
    expect(names).toEqual(['alpha', 'gamma', 'beta', 'delta', 'main']);
  });

  it('a missing config is no problem; an Include loop stops with a problem, not a hang', () => {
    const h = home({ '.ssh/loop': 'Host looped\nInclude loop\n' });
    expect(readConfigHosts(path.join(h, '.ssh/config'), h)).toEqual({ hosts: [], problems: [] });
    const r = readConfigHosts(path.join(h, '.ssh/loop'), h);
    expect(r.hosts.map((x) => x.alias)).toEqual(['looped']);
    expect(r.problems[0]).toContain('nested more than 16');
  });

  it('splits lines the way ssh does', () => {
    expect(configLine('  Port=22')).toEqual({ key: 'port', args: ['22'] });
    expect(configLine('IdentityFile "~/my keys/id" # note')).toEqual({ key: 'identityfile', args: ['~/my keys/id'] });
    expect(configLine('# comment')).toBeUndefined();
  });
});
