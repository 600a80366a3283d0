import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJsonFile, writeJsonFileAtomic } from '../../../electron/core/json-file';

const Schema = z.object({ theme: z.enum(['light', 'dark', 'system']), n: z.number() });
const defaults = { theme: 'system' as const, n: 0 };
let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-json-'));
  file = path.join(dir, 'sub', 'settings.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('json files', () => {
  it('round-trips through an atomic write, creating the folder', () => {
    writeJsonFileAtomic(file, { theme: 'dark', n: 3 });
    expect(readJsonFile(file, Schema, defaults)).toEqual({ value: { theme: 'dark', n: 3 } });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['settings.json']); // no temp files left
  });

  it('uses defaults without a warning when the file does not exist', () => {
    expect(readJsonFile(file, Schema, defaults)).toEqual({ value: defaults });
  });

  it('sets a corrupt file aside with a warning and uses defaults', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"theme": "dark", ');
    const r = readJsonFile(file, Schema, defaults);
    expect(r.value).toEqual(defaults);
    expect(r.warning).toMatch(/corrupt JSON.*set aside/);
    expect(fs.existsSync(file)).toBe(false);
    const aside = fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith('settings.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(file), aside[0]!), 'utf8')).toBe('{"theme": "dark", ');
  });

  it('sets aside a file whose content does not match the schema', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ theme: 'purple', n: 1 }));
    const r = readJsonFile(file, Schema, defaults);
    expect(r.value).toEqual(defaults);
    expect(r.warning).toMatch(/invalid content \(theme/);
  });

  it('a failed write leaves the previous file intact', () => {
    writeJsonFileAtomic(file, { theme: 'light', n: 1 });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => writeJsonFileAtomic(file, circular)).toThrow();
    expect(readJsonFile(file, Schema, defaults).value).toEqual({ theme: 'light', n: 1 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['settings.json']);
  });
});
