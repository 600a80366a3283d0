// Scripted conversations for the UI tests, as the host's event model carries them.
import type { PermissionRequest, SessionEvent } from '../../../shared/events';

// Recent, so elapsed times read naturally.
const t0 = Date.now() - 90_000;

export const SESSION = 'session-1';

export function writeRequest(patch: Partial<PermissionRequest> = {}): PermissionRequest {
  return {
    requestId: 'req-write',
    toolName: 'Write',
    displayName: 'Write',
    description: 'Create src/health.ts',
    decisionReason: 'Writing files needs your approval in Default mode.',
    input: {
      file_path: '/home/ada/code/api-server/src/health.ts',
      content:
        "import { Router } from 'express';\n\nexport const health = Router();\n\nhealth.get('/health', (_req, res) => {\n  res.json({ ok: true, uptime: process.uptime() });\n});\n",
    },
    suggestions: [],
    toolUseId: 'tool-write',
    at: t0 + 30_000,
    ...patch,
  };
}

export function bashRequest(command: string, patch: Partial<PermissionRequest> = {}): PermissionRequest {
  return {
    requestId: 'req-bash',
    toolName: 'Bash',
    displayName: 'Bash',
    description: 'Run the health tests',
    decisionReason: 'This command is not in the allowed commands.',
    input: { command, description: 'Run the health tests' },
    suggestions: [],
    toolUseId: 'tool-bash-2',
    at: t0 + 40_000,
    ...patch,
  };
}

/** A turn with thinking, prose, an allowed Bash call with output, and a Write waiting for the person. */
export function conversation(): SessionEvent[] {
  return [
    { kind: 'status', status: 'working' },
    { kind: 'user', id: 'u1', text: 'Add a health endpoint and a test for it.', at: t0 },
    {
      kind: 'context',
      id: 'c1',
      source: 'skill',
      label: 'Skill: api-conventions',
      text: 'Base directory for this skill: ~/.claude/skills/api-conventions\n\nAll endpoints live in src/routes.',
      at: t0 + 1000,
    },
    { kind: 'block', messageId: 'm1', index: 0, block: { type: 'thinking', text: 'The router is in **src/router.ts**; tests use vitest.' }, at: t0 + 2000 },
    {
      kind: 'block',
      messageId: 'm1',
      index: 1,
      block: {
        type: 'text',
        text: "I'll add `GET /health` next to the router. First, a look at how the existing tests run:\n\n- routes live in `src/routes`\n- tests use **vitest** with `supertest`",
      },
      at: t0 + 3000,
    },
    {
      kind: 'block',
      messageId: 'm1',
      index: 2,
      block: { type: 'tool_use', id: 'tool-bash', name: 'Bash', input: { command: 'npm test -- --list', description: 'List the tests' } },
      at: t0 + 4000,
    },
    { kind: 'message-end', messageId: 'm1' },
    { kind: 'permission', request: bashRequest('npm test -- --list', { requestId: 'req-bash-1', toolUseId: 'tool-bash' }) },
    { kind: 'permission-closed', requestId: 'req-bash-1', toolUseId: 'tool-bash', outcome: 'allowed' },
    {
      kind: 'tool-result',
      toolUseId: 'tool-bash',
      content:
        '\u001b[32m✓\u001b[0m test/routes/users.test.ts (4 tests)\n✓ test/routes/orders.test.ts (7 tests)\n✓ test/db.test.ts (2 tests)\n✓ test/auth.test.ts (5 tests)\n\nTest Files  4 passed (4)',
      isError: false,
    },
    {
      kind: 'block',
      messageId: 'm2',
      index: 0,
      block: {
        type: 'text',
        text: "All four suites pass. Now the endpoint itself:\n\n```ts\nhealth.get('/health', (_req, res) => res.json({ ok: true }));\n```",
      },
      at: t0 + 20_000,
    },
    { kind: 'block', messageId: 'm2', index: 1, block: { type: 'tool_use', id: 'tool-write', name: 'Write', input: writeRequest().input }, at: t0 + 21_000 },
    { kind: 'message-end', messageId: 'm2' },
    { kind: 'permission', request: writeRequest() },
    { kind: 'status', status: 'waiting' },
    { kind: 'usage', contextTokens: 31_800 },
    {
      kind: 'result',
      result: { subtype: 'success', isError: false, costUsd: 0.14, contextWindow: 1_000_000, denials: [] },
    },
  ];
}

/** Claude asks two questions (AskUserQuestion): one answer of two, and any of three. */
export const questionRequest = (patch: Partial<PermissionRequest> = {}): PermissionRequest => ({
  requestId: 'req-ask',
  toolName: 'AskUserQuestion',
  displayName: 'AskUserQuestion',
  input: {
    questions: [
      {
        question: 'Which database should the service use?',
        header: 'Database',
        multiSelect: false,
        options: [
          { label: 'PostgreSQL', description: 'Relational, already used by the billing service' },
          { label: 'SQLite', description: 'One file, no server' },
        ],
      },
      {
        question: 'Which checks should run in CI?',
        header: 'CI',
        multiSelect: true,
        options: [{ label: 'Unit tests', description: 'vitest' }, { label: 'Lint', description: 'eslint' }, { label: 'Type check' }],
      },
    ],
  },
  suggestions: [],
  toolUseId: 'tool-ask',
  requiresUserInteraction: true,
  at: Date.now(),
  ...patch,
});

/** A plan waiting for approval (ExitPlanMode). */
export const planRequest: PermissionRequest = {
  requestId: 'req-plan',
  toolName: 'ExitPlanMode',
  displayName: 'ExitPlanMode',
  input: {
    plan: '# Health endpoint\n\n1. Add `GET /health` to **src/router.ts**.\n2. Test it with supertest.\n3. Document it in the README.',
    planFilePath: '/home/ada/.claude/plans/health-endpoint.md',
  },
  suggestions: [],
  toolUseId: 'tool-plan',
  requiresUserInteraction: true,
  at: Date.now(),
};
