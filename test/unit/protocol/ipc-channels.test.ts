// The IPC channels for the typed outbound requests: inputs are validated before anything runs,
// valid calls reach the host with the right arguments, and results match the output contracts.
import { describe, expect, it } from 'vitest';
import { createHandlers, dispatch } from '../../../electron/core/api-handlers';
import type { SessionHost } from '../../../electron/core/host';
import type { ContextUsage, RewindResult } from '../../../shared/events';
import { contractFor } from '../../../shared/ipc';

function fakeHost() {
  const calls: Array<[string, ...unknown[]]> = [];
  const usage: ContextUsage = { categories: [{ name: 'Messages', tokens: 10, kind: 'used' }], totalTokens: 10, maxTokens: 100, percentage: 10 };
  const rewind: RewindResult = { canRewind: true, filesChanged: ['/w/a.txt'], insertions: 1, deletions: 0 };
  const host = {
    setMaxThinkingTokens: async (...a: unknown[]) => void calls.push(['setMaxThinkingTokens', ...a]),
    setEffort: async (...a: unknown[]) => void calls.push(['setEffort', ...a]),
    getContextUsage: async (...a: unknown[]) => (calls.push(['getContextUsage', ...a]), usage),
    mcpStatus: async (...a: unknown[]) => (calls.push(['mcpStatus', ...a]), [{ name: 'team', status: 'connected', tools: ['send'] }]),
    rewindFiles: async (...a: unknown[]) => (calls.push(['rewindFiles', ...a]), rewind),
    stopTask: async (...a: unknown[]) => void calls.push(['stopTask', ...a]),
    getTaskOutput: async (...a: unknown[]) => (calls.push(['getTaskOutput', ...a]), { output: 'line-1\n', totalBytes: 7, truncated: false }),
    backgroundTasks: async (...a: unknown[]) => (calls.push(['backgroundTasks', ...a]), a[1] ? { backgrounded: true } : {}),
  };
  return { handlers: createHandlers(host as unknown as SessionHost), calls, usage, rewind };
}

describe('typed request channels', () => {
  it('route valid calls to the host and return results that satisfy the output contract', async () => {
    const { handlers, calls, usage, rewind } = fakeHost();
    const run = async (channel: string, input: unknown) => {
      const r = await dispatch(handlers, channel, input);
      expect(r.ok, `${channel}: ${JSON.stringify(r)}`).toBe(true);
      const value = r.ok ? r.value : undefined;
      expect(contractFor(channel)?.output.safeParse(value).success, channel).toBe(true);
      return value;
    };
    expect(await run('session:getContextUsage', { id: 's1' })).toEqual(usage);
    expect(await run('session:getContextUsage', { id: 's1', cached: true })).toEqual(usage);
    expect(await run('session:mcpStatus', { id: 's1' })).toEqual({ servers: [{ name: 'team', status: 'connected', tools: ['send'] }] });
    expect(await run('session:rewindFiles', { id: 's1', userMessageId: 'u-1', dryRun: true })).toEqual(rewind);
    await run('session:setMaxThinkingTokens', { id: 's1', tokens: null });
    await run('session:setEffort', { id: 's1', level: 'high' });
    await run('session:stopTask', { id: 's1', taskId: 't-1' });
    expect(await run('session:taskOutput', { id: 's1', taskId: 't-1' })).toEqual({ output: 'line-1\n', totalBytes: 7, truncated: false });
    expect(await run('session:backgroundTasks', { id: 's1', toolUseId: 'toolu_1' })).toEqual({ backgrounded: true });
    expect(await run('session:backgroundTasks', { id: 's1' })).toEqual({});
    expect(calls).toEqual([
      ['getContextUsage', 's1', undefined],
      ['getContextUsage', 's1', true],
      ['mcpStatus', 's1'],
      ['rewindFiles', 's1', 'u-1', true],
      ['setMaxThinkingTokens', 's1', null],
      ['setEffort', 's1', 'high'],
      ['stopTask', 's1', 't-1'],
      ['getTaskOutput', 's1', 't-1'],
      ['backgroundTasks', 's1', 'toolu_1'],
      ['backgroundTasks', 's1', undefined],
    ]);
  });

  it('reject bad input without calling the host', async () => {
    const { handlers, calls } = fakeHost();
    const bad: Array<[string, unknown]> = [
      ['session:setMaxThinkingTokens', { id: 's1', tokens: -1 }],
      ['session:setMaxThinkingTokens', { id: 's1', tokens: 1.5 }],
      ['session:setEffort', { id: 's1', level: 'high; rm -rf /' }],
      ['session:rewindFiles', { id: 's1' }],
      ['session:stopTask', { id: 's1', taskId: '' }],
      ['session:taskOutput', { id: 's1' }],
      ['session:backgroundTasks', { id: 's1', toolUseId: '' }],
      ['session:backgroundTasks', { id: 's1', all: true }],
      ['session:getContextUsage', { id: 's1', extra: true }],
    ];
    for (const [channel, input] of bad) {
      const r = await dispatch(handlers, channel, input);
      expect(r.ok, channel).toBe(false);
      expect(!r.ok && r.error.kind).toBe('invalid-input');
    }
    expect(calls).toEqual([]);
  });
});
