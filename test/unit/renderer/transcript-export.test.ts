import { describe, expect, it } from 'vitest';
import { applyEvents, emptySession, toolOf } from '../../../shared/transcript';
import { contextBody, contextTitle } from '../../../renderer/src/lib/transcript/context-text';
import { EXPORT_OUTPUT_CAP, exportFileName, fence, transcriptToMarkdown } from '../../../renderer/src/lib/transcript/transcript-export';

describe('transcriptToMarkdown', () => {
  const v = applyEvents({ ...emptySession('s', '/home/ada/api', 0), info: { model: 'opus', cwd: '/home/ada/api' } }, [
    { kind: 'user', id: 'u1', text: 'Hi ```there```', at: 0 },
    { kind: 'context', id: 'c1', source: 'skill', label: 'Skill: <b>x</b>', text: 'Base directory for this skill: /x\n\nbody', at: 0 },
    { kind: 'block', messageId: 'm1', index: 0, block: { type: 'thinking', text: 'hmm' }, at: 0 },
    { kind: 'block', messageId: 'm1', index: 1, block: { type: 'text', text: 'Sure, **here**.' }, at: 0 },
    { kind: 'block', messageId: 'm1', index: 2, block: { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }, at: 0 },
    { kind: 'block', messageId: 's1', index: 0, block: { type: 'text', text: 'nested reply' }, at: 0, parentToolUseId: 't1' },
    { kind: 'tool-result', toolUseId: 't1', content: '\u001b[32ma\u001b[0m\n```\nb', isError: false },
    { kind: 'permission-closed', requestId: 'r', toolUseId: 't1', outcome: 'allowed' },
  ]);
  const md = transcriptToMarkdown(v, { now: 0 });

  it('writes each entry in order, tools with input and output, subagents quoted under their card', () => {
    expect(
      md.startsWith(
        '# /home/ada/api\n\nModel: opus · Folder: `/home/ada/api` · Exported: 1970-01-01T00:00:00.000Z\n\n### You\n\n````text\nHi ```there```\n````',
      ),
    ).toBe(true);
    expect(md).toContain('<details><summary>Skill: &lt;b&gt;x&lt;/b&gt;</summary>\n\n```text\nBase directory for this skill: /x\n\nbody\n```\n\n</details>');
    expect(md).toContain('<details><summary>Thinking</summary>');
    expect(md).toContain('Sure, **here**.');
    expect(md).toContain('**Bash** `ls` · allowed');
    // Terminal escapes gone; a fence inside the output gets a longer fence around it.
    expect(md).toContain('````\na\n```\nb\n````');
    expect(md).toContain('> ### Subagent\n>\n> nested reply');
    expect(md.indexOf('nested reply')).toBeGreaterThan(md.indexOf('**Bash**'));
  });
  it('names sender and receiver of messages between sessions', () => {
    const team = applyEvents(emptySession('s', '/home/ada/api', 0), [
      {
        kind: 'team-message',
        id: 'tm1',
        messageId: 'x1',
        direction: 'sent',
        from: { id: 's', name: 'api' },
        to: [{ id: 'w', name: 'web-ui', state: 'delivered' }],
        text: 'Add GET /health',
        at: 0,
      },
      {
        kind: 'team-message',
        id: 'tm2',
        messageId: 'x2',
        direction: 'received',
        from: { id: 'w', name: 'web-ui' },
        to: [{ id: 's', name: 'api', state: 'read' }],
        text: 'Done.',
        at: 0,
      },
    ]);
    const out = transcriptToMarkdown(team);
    expect(out).toContain('### Message to web-ui\n\n```text\nAdd GET /health\n```');
    expect(out).toContain('### Message from web-ui\n\n```text\nDone.\n```');
  });
  it('a send_message call is exported as its team message, once', () => {
    const sent = applyEvents(emptySession('s', '/home/ada/api', 0), [
      {
        kind: 'block',
        messageId: 'm1',
        index: 0,
        block: { type: 'tool_use', id: 'toolu_1', name: 'mcp__clide-team__send_message', input: { to: 'web-ui', text: 'Add GET /health' } },
        at: 0,
      },
      {
        kind: 'team-message',
        id: 'tm1',
        messageId: 'x1',
        direction: 'sent',
        from: { id: 's', name: 'api' },
        to: [{ id: 'w', name: 'web-ui', state: 'waiting' }],
        text: 'Add GET /health',
        toolUseId: 'toolu_1',
        at: 0,
      },
      { kind: 'tool-result', toolUseId: 'toolu_1', content: 'Message x1 sent to "web-ui".', isError: false },
    ]);
    // The reducer ties the call to its card; the card shows (and exports) in the call's place.
    expect(toolOf(sent, 'toolu_1')?.teamCard).toBe('tm1');
    const out = transcriptToMarkdown(sent);
    expect(out).toContain('### Message to web-ui');
    expect(out).not.toContain('send_message');
    expect(out).not.toContain('### Claude');
    expect(out.split('Add GET /health').length - 1).toBe(1);
  });
  it('a send_message call that sent nothing (an error) keeps its tool card', () => {
    const failed = applyEvents(emptySession('s', '/home/ada/api', 0), [
      {
        kind: 'block',
        messageId: 'm1',
        index: 0,
        block: { type: 'tool_use', id: 'toolu_2', name: 'mcp__clide-team__send_message', input: { to: 'nobody', text: 'hi' } },
        at: 0,
      },
      { kind: 'tool-result', toolUseId: 'toolu_2', content: 'No open session is called "nobody".', isError: true },
    ]);
    expect(transcriptToMarkdown(failed)).toContain('No open session is called');
  });
  it('cuts huge outputs and says by how much', () => {
    const big = applyEvents(v, [{ kind: 'tool-result', toolUseId: 't1', content: 'x'.repeat(EXPORT_OUTPUT_CAP + 5), isError: false }]);
    expect(transcriptToMarkdown(big)).toContain('… (5 more characters not included)');
  });
  it('fences text longer than any backtick run inside it', () => {
    expect(fence('a ````` b')).toBe('``````\na ````` b\n``````');
  });
  it('names the file after the folder and the time', () => {
    expect(exportFileName(v, Date.UTC(2025, 0, 2, 3, 4))).toBe('api 2025-01-02 03-04.md');
  });
});

describe('context text', () => {
  it('titles each kind and strips the wrappers meant for the model', () => {
    expect(contextTitle('other', 'Context')).toBe('Context added by Claude Code');
    expect(contextTitle('skill', 'Skill: banana')).toBe('Skill: banana');
    expect(contextBody('<system-reminder>\nRemember this.\n</system-reminder>', 'reminder')).toBe('Remember this.');
    expect(contextBody('<local-command-stdout>Set model to opus</local-command-stdout>', 'local-command')).toBe('Set model to opus');
    expect(contextBody('<command-name>/review</command-name>\n<command-args>main</command-args>', 'command')).toBe('main');
  });
});
