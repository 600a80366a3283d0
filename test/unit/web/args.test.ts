import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../electron/web/args';

const base = path.resolve('/tmp/base');

describe('npm run web arguments', () => {
  it('default to a free port and the base directory', () => {
    expect(parseArgs([], base)).toEqual({ ok: true, args: { port: 0, cwd: base, maxConnections: 8, help: false } });
  });

  it('take --port and --cwd, spaced or with =, resolving a relative cwd against the base', () => {
    expect(parseArgs(['--port', '8080', '--cwd', 'proj'], base)).toEqual({
      ok: true,
      args: { port: 8080, cwd: path.join(base, 'proj'), maxConnections: 8, help: false },
    });
    expect(parseArgs(['--port=0', '--cwd=/abs/dir'], base)).toEqual({
      ok: true,
      args: { port: 0, cwd: path.resolve('/abs/dir'), maxConnections: 8, help: false },
    });
  });

  it('take --max-connections, and refuse anything but a number from 1 to 1000', () => {
    expect(parseArgs(['--max-connections', '2'], base)).toMatchObject({ ok: true, args: { maxConnections: 2 } });
    expect(parseArgs(['--max-connections=1000'], base)).toMatchObject({ ok: true, args: { maxConnections: 1000 } });
    for (const bad of ['0', '1001', 'many', '-3', '']) {
      expect(parseArgs([`--max-connections=${bad}`], base), bad).toEqual({
        ok: false,
        error: `--max-connections needs a number from 1 to 1000, got ${JSON.stringify(bad)}.`,
      });
    }
  });

  it('accept --no-build (handled before the server starts) and --help', () => {
    expect(parseArgs(['--no-build', '-h'], base)).toMatchObject({ ok: true, args: { help: true } });
  });

  it('reject bad ports, a missing cwd and unknown options with a message naming the problem', () => {
    expect(parseArgs(['--port', 'abc'], base)).toEqual({ ok: false, error: '--port needs a number from 0 to 65535, got "abc".' });
    expect(parseArgs(['--port', '70000'], base)).toMatchObject({ ok: false, error: expect.stringContaining('"70000"') });
    expect(parseArgs(['--port', '-1'], base)).toMatchObject({ ok: false });
    expect(parseArgs(['--port'], base)).toMatchObject({ ok: false, error: expect.stringContaining('""') });
    expect(parseArgs(['--cwd'], base)).toEqual({ ok: false, error: '--cwd needs a directory.' });
    expect(parseArgs(['--host', '0.0.0.0'], base)).toEqual({ ok: false, error: 'Unknown option "--host".' });
  });
});
