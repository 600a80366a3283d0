// The version of a `claude` executable, for Settings to say which one is used. Read from the
// files where that can be done (the npm package's package.json, the native installer's
// versions/<version> file), else asked with `claude --version`; cached per binary, so an
// upgrade in place is noticed and the question is asked once per app run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childEnv } from './child-env';

const VERSION = /^(\d+\.\d+\.\d+(?:[-+][\w.-]+)?)/;
const PACKAGES = /^@anthropic-ai\/claude-code(-[\w-]+)?$/;
const cache = new Map<string, string | undefined>();

export function claudeVersion(command: string, env: NodeJS.ProcessEnv): string | undefined {
  let real: string;
  let key: string;
  try {
    real = fs.realpathSync(command);
    const st = fs.statSync(real);
    key = `${real}\0${st.size}\0${Math.round(st.mtimeMs)}`;
  } catch {
    return undefined;
  }
  if (cache.has(key)) return cache.get(key);
  const version = fromFiles(real) ?? fromCli(command, env);
  cache.set(key, version);
  return version;
}

function fromFiles(real: string): string | undefined {
  // The native installer keeps each version as ~/.local/share/claude/versions/<version>.
  const own = VERSION.exec(path.basename(real))?.[1];
  if (own && path.basename(path.dirname(real)) === 'versions') return own;
  // npm: <prefix>/node_modules/@anthropic-ai/claude-code/bin/claude.exe and its platform package.
  let dir = path.dirname(real);
  for (let i = 0; i < 3; i++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (typeof pkg.name === 'string' && PACKAGES.test(pkg.name) && typeof pkg.version === 'string') return pkg.version;
      return undefined; // another package's file: its version is not the CLI's
    } catch {
      // no package.json here: one level up
    }
  }
  return undefined;
}

function fromCli(command: string, env: NodeJS.ProcessEnv): string | undefined {
  const r = spawnSync(command, ['--version'], {
    env: childEnv(env, { DISABLE_AUTOUPDATER: '1' }),
    stdio: ['ignore', 'pipe', 'ignore'],
    encoding: 'utf8',
    timeout: 10_000,
    windowsHide: true,
  });
  return r.error ? undefined : VERSION.exec((r.stdout ?? '').trim())?.[1];
}
