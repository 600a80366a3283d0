// State for the accessibility tests: a transcript with every kind of entry (the rich session
// plus team messages, a failed hook, notices, an answered question, a long prompt), the prompts
// that wait for the person, small answers for the panels (History, Team, MCP, Rules), and side
// questions and a usage limit (the background tasks are tasks-scenarios.ts's).
import type { Aside } from '../../../shared/aside';
import type { PermissionRequest, RateLimit, SessionEvent } from '../../../shared/events';
import type { HistorySession } from '../../../shared/history';
import type { McpState } from '../../../shared/mcp';
import type { HooksState, RulesState } from '../../../shared/rules';
import type { TeamState } from '../../../shared/team';
import type { LimitStop, PlanUsage } from '../../../shared/usage';
import { richSession } from './transcript-scenarios';

const now = Date.now();
const api = { id: 'session-1', name: 'api-server' };
const web = { id: 'session-2', name: 'web-ui' };

/** Every kind of transcript entry the window draws. */
export function everyEntry(): SessionEvent[] {
  return [
    ...richSession(),
    { kind: 'user', id: 'u-long', text: Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a pasted log`).join('\n'), at: now - 60_000 },
    { kind: 'context', id: 'c-stop', source: 'interrupt', label: 'Interrupted', text: '[Request interrupted by user]', at: now - 59_000 },
    {
      kind: 'team-message',
      id: 'team-in',
      messageId: 'tm1',
      direction: 'received',
      from: web,
      to: [{ ...api, state: 'delivered' }],
      text: 'The badge calls /health every 30 s.',
      via: 'turn',
      at: now - 58_000,
    },
    { kind: 'block', messageId: 'q', index: 0, block: { type: 'tool_use', id: 'ask-1', name: 'AskUserQuestion', input: questionInput }, at: now - 57_000 },
    { kind: 'message-end', messageId: 'q' },
    {
      kind: 'tool-result',
      toolUseId: 'ask-1',
      content: 'answered',
      isError: false,
      structured: { questions: questionInput.questions, answers: { Port: '8080' } },
    },
    {
      kind: 'block',
      messageId: 'p',
      index: 0,
      block: { type: 'tool_use', id: 'plan-1', name: 'ExitPlanMode', input: { plan: '1. Add the route.\n2. Test it.' } },
      at: now - 56_000,
    },
    { kind: 'message-end', messageId: 'p' },
    { kind: 'tool-result', toolUseId: 'plan-1', content: 'User has approved your plan.', isError: false },
    {
      kind: 'team-message',
      id: 'team-out',
      messageId: 'tm2',
      direction: 'sent',
      from: api,
      to: [{ ...web, state: 'held' }],
      text: 'Show the version too, please.',
      at: now - 55_000,
    },
    {
      kind: 'hook',
      phase: 'response',
      hook: { hookId: 'h1', name: 'PostToolUse:Edit', event: 'PostToolUse', outcome: 'error', exitCode: 2, output: 'eslint: 3 problems' },
      at: now - 54_000,
    },
    { kind: 'notice', id: 'n-info', level: 'info', code: 'model', text: 'Switched to Sonnet 4.5.', at: now - 53_000 },
    { kind: 'notice', id: 'n-err', level: 'error', code: 'stderr', text: 'Claude Code wrote an error: ENOSPC.', at: now - 52_000 },
    { kind: 'conversation-reset', id: 'reset-1', at: now - 51_000 },
  ];
}

const questionInput = {
  questions: [{ question: 'Which port?', header: 'Port', multiSelect: false, options: [{ label: '8080' }, { label: '3000', description: 'The default' }] }],
};

function prompt(id: string, patch: Partial<PermissionRequest>): PermissionRequest {
  return { requestId: id, toolName: 'Bash', displayName: 'Bash', input: {}, suggestions: [], at: now, ...patch };
}

/** An MCP server asks for a form to be filled in: every kind of field. */
export const formRequest = prompt('req-form', {
  toolName: 'clide:mcp-input',
  displayName: 'github',
  elicitation: {
    server: 'github',
    message: 'Where should the issue go?',
    mode: 'form',
    fields: [
      { name: 'repo', title: 'Repository', type: 'text', required: true, minLength: 1 },
      { name: 'email', title: 'Reply to', type: 'text', format: 'email', required: false },
      { name: 'priority', title: 'Priority', type: 'number', integer: true, minimum: 1, maximum: 5, required: false },
      { name: 'private', title: 'Private', type: 'boolean', required: false },
      {
        name: 'kind',
        title: 'Kind',
        type: 'choice',
        options: [
          { value: 'bug', label: 'Bug' },
          { value: 'idea', label: 'Idea' },
        ],
        required: true,
      },
      {
        name: 'labels',
        title: 'Labels',
        type: 'choices',
        options: [
          { value: 'ui', label: 'UI' },
          { value: 'core', label: 'Core' },
        ],
        required: false,
      },
    ],
  },
});

/** An MCP server asks the person to open a page. */
export const pageRequest = prompt('req-page', {
  toolName: 'clide:mcp-input',
  displayName: 'github',
  elicitation: { server: 'github', message: 'Sign in to GitHub to continue.', mode: 'url', url: 'https://github.com/login/device', fields: [] },
});

/** Claude Code asks whether to retry on the fallback model. */
export const refusalRequest = prompt('req-dialog', {
  toolName: 'clide:dialog',
  displayName: 'Claude Code',
  dialog: { kind: 'refusal-fallback', originalModel: 'claude-opus-4-5', fallbackModel: 'sonnet', category: 'cyber' },
});

export const pastSessions: HistorySession[] = [
  {
    sessionId: '3f0c8a52-6d0e-4a55-9a3b-4c1f3f6b2a10',
    title: 'Add a health endpoint',
    named: false,
    lastActivity: now - 300_000,
    messageCount: 12,
    bytes: 40_000,
    cutOff: false,
    cwd: '/home/ada/code/api-server',
    gitBranch: 'main',
  },
  {
    sessionId: '11111111-2222-4333-8444-555555555555',
    title: 'Why does the login loop?',
    named: true,
    lastActivity: now - 90_000_000,
    messageCount: 31,
    bytes: 9_000,
    cutOff: true,
    cwd: '/home/ada/code/web-ui',
  },
];

export const team: TeamState = {
  paused: false,
  capPerMinute: 5,
  members: [
    { id: api.id, name: api.name, cwd: '/home/ada/code/api-server', waiting: 0, recentDeliveries: 1 },
    {
      id: web.id,
      name: web.name,
      cwd: '/home/ada/code/web-ui',
      waiting: 1,
      recentDeliveries: 5,
      hold: { reason: 'cap', message: 'web-ui received 5 messages within a minute.', since: now - 60_000 },
    },
  ],
  messages: [{ id: 'tm2', from: api, to: [{ ...web, state: 'held' }], toAll: false, text: 'Show the version too, please.', at: now - 55_000 }],
  tasks: [
    {
      id: 'T1',
      title: 'Add GET /health',
      status: 'done',
      assignee: api,
      createdBy: { id: 'person', name: 'You' },
      updatedBy: api,
      createdAt: now - 600_000,
      updatedAt: now,
    },
    {
      id: 'T2',
      title: 'Status badge',
      status: 'blocked',
      note: 'Waits for the response shape.',
      createdBy: api,
      updatedBy: web,
      createdAt: now - 500_000,
      updatedAt: now,
    },
  ],
};

export const mcp: McpState = {
  at: now,
  servers: [
    { name: 'github', status: 'connected', scope: 'user', transport: 'http', serverVersion: '1.4.0', tools: ['create_issue', 'search_code'] },
    { name: 'db', status: 'failed', scope: 'project', transport: 'stdio', error: 'spawn pg-mcp ENOENT' },
    { name: 'figma', status: 'needs-auth', scope: 'local', transport: 'sse' },
  ],
};

export const rules: RulesState = {
  rules: [
    {
      behavior: 'allow',
      source: 'localSettings',
      rule: 'Bash(npm test *)',
      reading: { prefix: 'Any Bash command starting with ', emphasis: 'npm test' },
      editability: 'persistent',
      file: '/home/ada/code/api-server/.claude/settings.local.json',
      byClide: true,
      removable: true,
    },
    {
      behavior: 'deny',
      source: 'userSettings',
      rule: 'WebFetch',
      editability: 'persistent',
      file: '/home/ada/.claude/settings.json',
      byClide: false,
      removable: false,
    },
  ],
  directories: [{ path: '/home/ada/data', source: 'cliArg' }],
  managedOnly: false,
  errors: [],
  remote: false,
  at: now,
};

export const hooks: HooksState = {
  events: [
    {
      name: 'PreToolUse',
      summary: 'Before tool execution',
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'Bash',
          source: 'userSettings',
          sourceLabel: 'User settings',
          type: 'command',
          textLabel: 'Command',
          text: 'npx eslint --fix',
        },
      ],
    },
  ],
  policy: { disabledByPolicy: false, managedOnly: false, allDisabled: false, policyHookCount: 0 },
  errors: [],
  at: now,
};

/** A turn stopped on the five-hour limit, offered to continue at the reset. */
export const limitStop: LimitStop = {
  state: 'offered',
  resetsAt: now + 65 * 60_000,
  continueAt: now + 65 * 60_000 + 3000,
  limitType: 'five_hour',
  messages: 1,
  preview: 'Build the parser and run its tests',
  at: now,
};

export const rateLimit: RateLimit = { status: 'allowed_warning', utilization: 0.91, limitType: 'five_hour', resetsAt: now + 72 * 60_000, at: now };

export const planUsage: PlanUsage = {
  subscription: 'max',
  limitsApply: true,
  windows: [
    { key: 'five_hour', percent: 91, resetsAt: now + 72 * 60_000 },
    { key: 'seven_day', percent: 34, resetsAt: now + 3 * 86_400_000 },
  ],
};

/** Side questions in each state the panel draws. */
export function asides(): SessionEvent[] {
  const aside = (id: string, patch: Partial<Aside>): SessionEvent => ({ kind: 'aside', aside: { id, question: 'Q', state: 'asking', askedAt: now, ...patch } });
  return [
    aside('a1', { question: 'What are you working on?', state: 'answered', answer: 'The **parser**: its tests fail.' }),
    aside('a2', { question: 'Why that file?', state: 'thinking' }),
    aside('a3', { question: 'Earlier', state: 'failed', error: 'The Claude process exited.' }),
  ];
}
