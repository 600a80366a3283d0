import { describe, expect, it } from 'vitest';
import {
  agentInfo,
  bashResult,
  fileChange,
  languageForPath,
  mcpName,
  readInfo,
  readRangeLabel,
  searchInfo,
  todosOf,
  webSearchHits,
} from '../../../renderer/src/lib/tools/tool-results';
import { toolHead, toolTitle } from '../../../renderer/src/lib/tools/tool-head';

describe('bashResult', () => {
  it('reads the structured result of a recorded run (fixtures/bash-tasks.jsonl)', () => {
    const r = bashResult('tick 1\ntick 2', false, {
      stdout: 'tick 1\ntick 2',
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
      backgroundTaskId: 'b1',
    });
    expect(r).toMatchObject({ stdout: 'tick 1\ntick 2', stderr: '', interrupted: false, backgroundTaskId: 'b1', exitCode: undefined });
  });
  it('takes the exit code from a failed command and keeps the output without it', () => {
    const r = bashResult('Exit code 2\nls: cannot access', true, undefined);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('ls: cannot access');
  });
});

describe('fileChange', () => {
  const patch = [{ oldStart: 3, oldLines: 1, newStart: 3, newLines: 1, lines: ['-a', '+b'] }];
  it('prefers the CLI patch for Edit, with real line numbers', () => {
    const c = fileChange('Edit', { file_path: '/x', old_string: 'a', new_string: 'b' }, { filePath: '/x', structuredPatch: patch });
    expect(c.numbered).toBe(true);
    expect(c.hunks[0]?.lines[0]).toEqual({ kind: 'del', text: 'a', oldNo: 3 });
  });
  it('computes a pending Edit and every MultiEdit edit from the strings', () => {
    const one = fileChange('Edit', { file_path: '/x', old_string: 'a\nb', new_string: 'a\nc' }, undefined);
    expect(one.numbered).toBe(false);
    expect(one.hunks.flatMap((h) => h.lines).map((l) => l.kind)).toEqual(['context', 'del', 'add']);
    const multi = fileChange(
      'MultiEdit',
      {
        file_path: '/x',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: 'd' },
        ],
      },
      undefined,
    );
    expect(multi.hunks).toHaveLength(2);
  });
  it('tells a new file from an overwrite for Write (fixtures/write-allowed.jsonl shape)', () => {
    const created = fileChange(
      'Write',
      { file_path: 'hello.txt', content: 'hello\n' },
      { type: 'create', filePath: 'hello.txt', content: 'hello\n', structuredPatch: [], originalFile: null },
    );
    expect(created).toMatchObject({ created: true, content: 'hello\n' });
    const updated = fileChange(
      'Write',
      { file_path: 'a', content: 'x\ny\n' },
      { type: 'update', filePath: 'a', content: 'x\ny\n', structuredPatch: [], originalFile: 'x\nz\n' },
    );
    expect(updated.created).toBe(false);
    expect(
      updated.hunks
        .flatMap((h) => h.lines)
        .filter((l) => l.kind !== 'context')
        .map((l) => l.text),
    ).toEqual(['z', 'y']);
  });
});

describe('read, search, todo, web, agent, MCP readers', () => {
  it('labels a Read range', () => {
    expect(readRangeLabel(readInfo({ file_path: '/f' }, { type: 'text', file: { filePath: '/f', startLine: 1, numLines: 30, totalLines: 30 } }))).toBe(
      '30 lines',
    );
    expect(readRangeLabel(readInfo({ file_path: '/f', offset: 100, limit: 50 }, undefined))).toBe('lines 100–149');
  });
  it('counts Grep and Glob results', () => {
    expect(searchInfo('Grep', { mode: 'files_with_matches', numFiles: 3, filenames: ['a', 'b', 'c'] })).toEqual({ countLabel: '3 files', results: 'a\nb\nc' });
    expect(searchInfo('Grep', { mode: 'content', numFiles: 1, filenames: [], content: 'x:1', numLines: 1 }).countLabel).toBe('1 match');
    expect(searchInfo('Glob', { filenames: [], numFiles: 0, truncated: false, durationMs: 1 }).countLabel).toBe('no files');
  });
  it('reads todos, skipping malformed entries', () => {
    expect(todosOf({ todos: [{ content: 'a', status: 'completed' }, { status: 'pending' }, { content: 'b', status: 'weird' }] })).toEqual([
      { content: 'a', status: 'completed', activeForm: undefined },
      { content: 'b', status: 'pending', activeForm: undefined },
    ]);
  });
  it('lists web search hits and the subagent answer', () => {
    expect(webSearchHits({ results: ['commentary', { tool_use_id: 'x', content: [{ title: 'T', url: 'https://a' }, { url: 'https://b' }] }] })).toEqual([
      { title: 'T', url: 'https://a' },
      { title: 'https://b', url: 'https://b' },
    ]);
    const a = agentInfo(
      { description: 'd', subagent_type: 'general-purpose' },
      {
        status: 'completed',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
        totalToolUseCount: 2,
      },
    );
    expect(a).toMatchObject({ answer: 'one\n\ntwo', toolUses: 2, subagentType: 'general-purpose' });
    expect(agentInfo({}, { isAsync: true, status: 'async_launched' }).async).toBe(true);
  });
  it('names MCP tools by server and tool, preferring display names', () => {
    expect(mcpName('mcp__github__create_issue')).toEqual({ server: 'github', tool: 'create_issue' });
    expect(toolTitle({ name: 'mcp__github__create_issue' })).toEqual({ title: 'create_issue', server: 'github' });
    expect(toolTitle({ name: 'mcp__gh__ci', displayName: 'Create issue', serverDisplayName: 'GitHub' })).toEqual({ title: 'Create issue', server: 'GitHub' });
    expect(toolTitle({ name: 'Bash' })).toEqual({ title: 'Bash' });
  });
  it('guesses a highlighting language from a path', () => {
    expect(languageForPath('/a/b.tsx')).toBe('typescript');
    expect(languageForPath('Makefile')).toBe('makefile');
    expect(languageForPath('/a/b')).toBeUndefined();
  });
});

describe('toolHead', () => {
  it('puts the facts of a result in the head', () => {
    const edit = toolHead({ name: 'Edit', input: { file_path: '/x', old_string: 'a', new_string: 'b\nc' } }, {});
    expect(edit.meta).toEqual([
      { text: '+2', tone: 'add' },
      { text: '−1', tone: 'del' },
    ]);
    const bash = toolHead({ name: 'Bash', input: { command: 'false' } }, { result: { content: 'Exit code 1', isError: true } });
    expect(bash.meta).toEqual([{ text: 'exit 1', tone: 'error' }]);
    const todos = toolHead(
      {
        name: 'TodoWrite',
        input: {
          todos: [
            { content: 'a', status: 'completed' },
            { content: 'b', status: 'pending' },
          ],
        },
      },
      {},
    );
    expect(todos).toMatchObject({ title: 'Todos', summary: '1 of 2 done' });
  });
  it('shows the key field of an input still streaming', () => {
    expect(toolHead({ name: 'Bash', input: {} }, {}, '{"command":"npm te').summary).toBe('npm te');
  });
});
