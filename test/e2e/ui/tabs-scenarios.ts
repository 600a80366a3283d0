// Sessions in every tab state, a pretend folder tree and a context breakdown, for the UI tests
// of tabs, the inbox, the status bar and Settings.
import type { ContextUsage, SessionEvent } from '../../../shared/events';
import { defaultSettings, type Settings } from '../../../shared/settings';
import { applyEvents, type SessionView } from '../../../shared/transcript';
import { sessionView } from '../../support/api-double';
import { bashRequest, writeRequest } from './scenarios';

const t0 = Date.now() - 60_000;

export const HOME = '/home/ada';

function reply(id: string, text: string): SessionEvent[] {
  return [
    { kind: 'status', status: 'working' },
    { kind: 'user', id: `${id}-u`, text: 'Go on.', at: t0 },
    { kind: 'block', messageId: `${id}-m`, index: 0, block: { type: 'text', text }, at: t0 + 1000 },
    { kind: 'message-end', messageId: `${id}-m` },
  ];
}

export function finished(id: string): SessionEvent[] {
  return [
    ...reply(id, 'Done: the health endpoint is in and its test passes.'),
    { kind: 'result', result: { subtype: 'success', isError: false, text: 'Done.', costUsd: 0.21, denials: [] }, id: `${id}-r`, at: t0 + 2000 },
    { kind: 'status', status: 'ready' },
  ];
}

export function tabsScenario(): { views: SessionView[]; folders: Record<string, string[]>; settings: Settings } {
  const api = applyEvents(sessionView('api', { cwd: `${HOME}/code/api-server` }), [
    ...reply('api', 'Adding the endpoint now.'),
    { kind: 'info', info: { claudeSessionId: '3f1c9a2e-7b4d-4e21-9c0a-5d8e6f7a1b2c' } },
    { kind: 'usage', contextTokens: 31_800 },
    { kind: 'result', result: { subtype: 'success', isError: false, costUsd: 0.14, contextWindow: 1_000_000, denials: [] } },
    { kind: 'rate-limit', rateLimit: { status: 'allowed_warning', resetsAt: Date.now() + 72 * 60_000, limitType: 'five_hour', utilization: 0.91, at: t0 } },
    { kind: 'status', status: 'working' },
  ]);
  const web = applyEvents(sessionView('web', { cwd: `${HOME}/code/web-ui` }), [
    ...reply('web', 'I need to run the build.'),
    { kind: 'permission', request: bashRequest('npm run build', { requestId: 'req-web' }) },
    { kind: 'status', status: 'waiting' },
  ]);
  const docs = applyEvents(sessionView('docs', { cwd: `${HOME}/code/docs` }), [
    ...reply('docs', 'Writing the page.'),
    {
      kind: 'permission',
      request: writeRequest({ requestId: 'req-docs', input: { file_path: `${HOME}/code/docs/health.md`, content: '# Health\n\nGET /health answers 200.\n' } }),
    },
    { kind: 'status', status: 'waiting' },
  ]);
  const infra = applyEvents(sessionView('infra', { cwd: `${HOME}/code/infra` }), [
    {
      kind: 'failure',
      error: { kind: 'process-exit', message: 'Claude exited with code 1.', exitCode: 1 },
      resumable: true,
    },
    { kind: 'status', status: 'failed' },
  ]);
  const notes = applyEvents(sessionView('notes', { cwd: `${HOME}/notes` }), [...finished('notes')]);
  notes.info = { ...notes.info, title: 'Release notes' };
  const folders: Record<string, string[]> = {
    [HOME]: ['code', 'notes', 'Documents', '.config'],
    [`${HOME}/code`]: ['api-server', 'docs', 'infra', 'web-ui'],
    [`${HOME}/code/api-server`]: ['src', 'test'],
  };
  const settings = { ...defaultSettings(), recentCwds: [`${HOME}/code/api-server`, `${HOME}/code/web-ui`, `${HOME}/notes`] };
  return { views: [api, web, docs, infra, notes], folders, settings };
}

export function contextUsageSample(): ContextUsage {
  return {
    categories: [
      { name: 'System prompt', tokens: 1970, kind: 'used' },
      { name: 'System tools', tokens: 6792, kind: 'used' },
      { name: 'System tools (deferred)', tokens: 4725, kind: 'deferred' },
      { name: 'Skills', tokens: 2067, kind: 'used' },
      { name: 'Messages', tokens: 20_971, kind: 'used' },
      { name: 'Autocompact buffer', tokens: 33_000, kind: 'buffer' },
      { name: 'Free space', tokens: 935_200, kind: 'free' },
    ],
    totalTokens: 31_800,
    maxTokens: 1_000_000,
    percentage: 3,
    model: 'claude-opus-5-5',
    autoCompactThreshold: 967_000,
    autoCompactEnabled: true,
  };
}
