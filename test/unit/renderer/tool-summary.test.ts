import { describe, expect, it } from 'vitest';
import { jsonSummary, partialKeyField, summarizeToolInput } from '../../../renderer/src/lib/tools/tool-summary';

describe('summarizeToolInput', () => {
  it('shows the Bash command', () => {
    expect(summarizeToolInput('Bash', { command: 'npm test', description: 'Run tests' })).toEqual({ kind: 'command', text: 'npm test', detail: 'Run tests' });
    expect(summarizeToolInput('Monitor', { command: 'tail -f log', description: 'Watch the log', timeout_ms: 60_000 })).toEqual({
      kind: 'command',
      text: 'tail -f log',
      detail: 'Watch the log',
    });
  });
  it('shows the file path of Read, Write and Edit', () => {
    for (const name of ['Read', 'Write', 'Edit']) {
      expect(summarizeToolInput(name, { file_path: '/a/b.ts', content: 'x' })).toMatchObject({ kind: 'path', text: '/a/b.ts' });
    }
    expect(summarizeToolInput('NotebookEdit', { notebook_path: '/a/n.ipynb' })).toMatchObject({ kind: 'path', text: '/a/n.ipynb' });
  });
  it('shows the pattern of Grep and Glob', () => {
    expect(summarizeToolInput('Grep', { pattern: 'TODO', path: 'src' })).toEqual({ kind: 'pattern', text: 'TODO', detail: 'src' });
    expect(summarizeToolInput('Glob', { pattern: '**/*.ts' })).toMatchObject({ kind: 'pattern', text: '**/*.ts' });
  });
  it('falls back to a short JSON summary for other tools', () => {
    const s = summarizeToolInput('mcp__db__query', { sql: 'select 1', limit: 5 });
    expect(s).toEqual({ kind: 'json', text: '{"sql":"select 1","limit":5}' });
  });
  it('falls back to JSON when the key field is missing', () => {
    expect(summarizeToolInput('Bash', { cmd: 'x' })).toEqual({ kind: 'json', text: '{"cmd":"x"}' });
  });
  it('cuts long JSON with an ellipsis and never throws', () => {
    const long = jsonSummary({ text: 'x'.repeat(500) }, 40);
    expect(long).toHaveLength(40);
    expect(long.endsWith('…')).toBe(true);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonSummary(cyclic)).toContain('cannot be shown');
  });
});

describe('partialKeyField', () => {
  it('reads the command from input JSON that is still streaming', () => {
    expect(partialKeyField('{"command": "npm te')).toBe('npm te');
    expect(partialKeyField('{"command": "echo \\"hi\\" && ls\\n')).toBe('echo "hi" && ls\n');
  });
  it('drops a half-received escape', () => {
    expect(partialKeyField('{"file_path": "/tmp/a\\')).toBe('/tmp/a');
    expect(partialKeyField('{"file_path": "/tmp/\\u00')).toBe('/tmp/');
  });
  it('returns undefined until a key field starts', () => {
    expect(partialKeyField('{"cont')).toBeUndefined();
  });
});
