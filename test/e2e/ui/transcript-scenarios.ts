// A long, rich session for the transcript's UI tests and screenshots: markdown with a table and
// code, thinking, every kind of tool card (Bash with output and a failure, Edit with the CLI's
// patch, Write, Read, Grep, Glob, TodoWrite, a subagent with its own messages, WebFetch,
// WebSearch, an MCP tool, a generic tool), injected context and inline notices. Shapes follow
// the recorded fixtures and the Agent SDK's sdk-tools.d.ts.
import type { SessionEvent } from '../../../shared/events';

const t0 = Date.now() - 20 * 60_000;
let clock = t0;
const at = () => (clock += 4000);

function block(messageId: string, index: number, b: Extract<SessionEvent, { kind: 'block' }>['block'], parent?: string): SessionEvent {
  return { kind: 'block', messageId, index, block: b, at: at(), parentToolUseId: parent };
}
function tool(messageId: string, index: number, id: string, name: string, input: Record<string, unknown>, parent?: string): SessionEvent {
  return block(messageId, index, { type: 'tool_use', id, name, input }, parent);
}
function result(toolUseId: string, content: string, structured?: unknown, isError = false, parent?: string): SessionEvent {
  return { kind: 'tool-result', toolUseId, content, isError, structured, parentToolUseId: parent };
}
function allowed(toolUseId: string): SessionEvent {
  return { kind: 'permission-closed', requestId: `req-${toolUseId}`, toolUseId, outcome: 'allowed' };
}

export const ROUTER_BEFORE = [
  "import { Router } from 'express';",
  "import { users } from './users';",
  '',
  'export const router = Router();',
  "router.use('/users', users);",
  '',
].join('\n');

export function richSession(): SessionEvent[] {
  clock = t0;
  return [
    { kind: 'user', id: 'u1', text: 'Add a health endpoint with a test, and tell me how the routes are organised.', at: at() },
    {
      kind: 'context',
      id: 'c-skill',
      source: 'skill',
      label: 'Skill: api-conventions',
      text: 'Base directory for this skill: /home/ada/.claude/skills/api-conventions\n\n# API conventions\nAll endpoints live in src/routes and return JSON.',
      at: at(),
    },
    {
      kind: 'context',
      id: 'c-rem',
      source: 'reminder',
      label: 'System reminder',
      text: '<system-reminder>\nThe todo list is empty.\n</system-reminder>',
      at: at(),
    },
    block('m1', 0, { type: 'thinking', text: 'The router lives in **src/router.ts**. I should check the tests first, then add the route.' }),
    block('m1', 1, {
      type: 'text',
      text: [
        'Here is how the routes are organised today:',
        '',
        '| Route | File | Tests |',
        '|---|---|---|',
        '| `/users` | `src/routes/users.ts` | 4 |',
        '| `/orders` | `src/routes/orders.ts` | 7 |',
        '',
        "I'll add `GET /health` next to them:",
        '',
        '```ts',
        "import { Router } from 'express';",
        '',
        '// Liveness for the load balancer: cheap, no database.',
        'export const health = Router();',
        "health.get('/health', (_req, res) => {",
        '  res.json({ ok: true, uptime: process.uptime() });',
        '});',
        '```',
        '',
        '- [x] read the router',
        '- [ ] add the route and its test',
      ].join('\n'),
    }),
    tool('m1', 2, 'todo-1', 'TodoWrite', {
      todos: [
        { content: 'Read the router', status: 'completed', activeForm: 'Reading the router' },
        { content: 'Add the health route', status: 'in_progress', activeForm: 'Adding the health route' },
        { content: 'Write a test for it', status: 'pending', activeForm: 'Writing a test' },
      ],
    }),
    { kind: 'message-end', messageId: 'm1' },
    result('todo-1', 'Todos have been modified successfully.'),
    tool('m2', 0, 'bash-1', 'Bash', { command: 'npm test -- --reporter=dot', description: 'Run the test suite' }),
    { kind: 'message-end', messageId: 'm2' },
    allowed('bash-1'),
    result(
      'bash-1',
      '\u001b[32m✓\u001b[0m test/routes/users.test.ts (4 tests)\n✓ test/routes/orders.test.ts (7 tests)\n\nTest Files  2 passed (2)\n     Tests  11 passed (11)',
      {
        stdout:
          '\u001b[32m✓\u001b[0m test/routes/users.test.ts (4 tests)\n✓ test/routes/orders.test.ts (7 tests)\n\nTest Files  2 passed (2)\n     Tests  11 passed (11)',
        stderr: '',
        interrupted: false,
      },
    ),
    tool('m3', 0, 'read-1', 'Read', { file_path: '/home/ada/code/api-server/src/router.ts', offset: 1, limit: 40 }),
    { kind: 'message-end', messageId: 'm3' },
    result(
      'read-1',
      ROUTER_BEFORE.split('\n')
        .map((l, i) => `${String(i + 1).padStart(6)}\t${l}`)
        .join('\n'),
      {
        type: 'text',
        file: { filePath: '/home/ada/code/api-server/src/router.ts', content: ROUTER_BEFORE, numLines: 6, startLine: 1, totalLines: 6 },
      },
    ),
    tool('m4', 0, 'edit-1', 'Edit', {
      file_path: '/home/ada/code/api-server/src/router.ts',
      old_string: "import { users } from './users';",
      new_string: "import { users } from './users';\nimport { health } from './routes/health';",
    }),
    { kind: 'message-end', messageId: 'm4' },
    allowed('edit-1'),
    result('edit-1', 'The file /home/ada/code/api-server/src/router.ts has been updated.', {
      filePath: '/home/ada/code/api-server/src/router.ts',
      oldString: "import { users } from './users';",
      newString: "import { users } from './users';\nimport { health } from './routes/health';",
      originalFile: ROUTER_BEFORE,
      structuredPatch: [
        {
          oldStart: 1,
          oldLines: 5,
          newStart: 1,
          newLines: 7,
          lines: [
            " import { Router } from 'express';",
            " import { users } from './users';",
            "+import { health } from './routes/health';",
            ' ',
            ' export const router = Router();',
            " router.use('/users', users);",
            '+router.use(health);',
          ],
        },
      ],
      userModified: false,
      replaceAll: false,
    }),
    tool('m5', 0, 'write-1', 'Write', {
      file_path: '/home/ada/code/api-server/test/health.test.ts',
      content:
        "import request from 'supertest';\nimport { app } from '../src/app';\n\ntest('GET /health answers ok', async () => {\n  const res = await request(app).get('/health');\n  expect(res.body.ok).toBe(true);\n});\n",
    }),
    { kind: 'message-end', messageId: 'm5' },
    allowed('write-1'),
    result('write-1', 'File created successfully at: /home/ada/code/api-server/test/health.test.ts', {
      type: 'create',
      filePath: '/home/ada/code/api-server/test/health.test.ts',
      content:
        "import request from 'supertest';\nimport { app } from '../src/app';\n\ntest('GET /health answers ok', async () => {\n  const res = await request(app).get('/health');\n  expect(res.body.ok).toBe(true);\n});\n",
      structuredPatch: [],
      originalFile: null,
    }),
    tool('m6', 0, 'bash-2', 'Bash', { command: 'npm test -- test/health.test.ts', description: 'Run the new test' }),
    { kind: 'message-end', messageId: 'm6' },
    allowed('bash-2'),
    result('bash-2', "Exit code 1\n FAIL  test/health.test.ts\n  ✕ GET /health answers ok\n    Cannot find module '../src/app'", undefined, true),
    tool('m7', 0, 'grep-1', 'Grep', { pattern: 'export const app', path: 'src', output_mode: 'files_with_matches' }),
    tool('m7', 1, 'glob-1', 'Glob', { pattern: 'src/**/*.ts' }),
    { kind: 'message-end', messageId: 'm7' },
    result('grep-1', 'Found 1 file\nsrc/server.ts', { mode: 'files_with_matches', numFiles: 1, filenames: ['src/server.ts'] }),
    result('glob-1', 'src/router.ts\nsrc/server.ts\nsrc/routes/users.ts\nsrc/routes/orders.ts\nsrc/routes/health.ts', {
      filenames: ['src/router.ts', 'src/server.ts', 'src/routes/users.ts', 'src/routes/orders.ts', 'src/routes/health.ts'],
      numFiles: 5,
      durationMs: 12,
      truncated: false,
    }),
    tool('m8', 0, 'agent-1', 'Agent', {
      description: 'Review the error handling',
      prompt: 'Look at src/routes and report routes without error handling.',
      subagent_type: 'code-reviewer',
    }),
    { kind: 'message-end', messageId: 'm8' },
    block('s1', 0, { type: 'text', text: 'Checking each route file for a try/catch or an error middleware.' }, 'agent-1'),
    block('s1', 1, { type: 'tool_use', id: 'sub-grep', name: 'Grep', input: { pattern: 'catch', path: 'src/routes' } }, 'agent-1'),
    { kind: 'message-end', messageId: 's1' },
    result(
      'sub-grep',
      'src/routes/users.ts:14:  } catch (err) {',
      { mode: 'content', numFiles: 1, filenames: [], content: 'src/routes/users.ts:14:  } catch (err) {', numLines: 1 },
      false,
      'agent-1',
    ),
    block('s2', 0, { type: 'text', text: '`orders.ts` has no error handling; `users.ts` catches its database errors.' }, 'agent-1'),
    { kind: 'message-end', messageId: 's2' },
    result('agent-1', 'orders.ts has no error handling.', {
      status: 'completed',
      agentId: 'a1',
      prompt: 'Look at src/routes and report routes without error handling.',
      content: [{ type: 'text', text: '**orders.ts** has no error handling; **users.ts** catches its database errors.' }],
      totalToolUseCount: 1,
      totalDurationMs: 8400,
      totalTokens: 5120,
      usage: { input_tokens: 1, output_tokens: 1 },
    }),
    tool('m9', 0, 'fetch-1', 'WebFetch', { url: 'https://expressjs.com/en/guide/error-handling.html', prompt: 'How should async errors be handled?' }),
    tool('m9', 1, 'search-1', 'WebSearch', { query: 'express 5 async error handling' }),
    block('m9', 2, {
      type: 'tool_use',
      id: 'mcp-1',
      name: 'mcp__github__create_issue',
      input: { title: 'Add error handling to orders', labels: ['bug'] },
      displayName: 'Create issue',
      serverDisplayName: 'GitHub',
    }),
    tool('m9', 3, 'other-1', 'NotebookEdit', { notebook_path: '/home/ada/notes.ipynb', new_source: 'print(1)' }),
    { kind: 'message-end', messageId: 'm9' },
    result('fetch-1', 'Express 5 forwards rejected promises to the error handler.', {
      bytes: 48213,
      code: 200,
      codeText: 'OK',
      result: 'Express 5 forwards **rejected promises** to the error handler; no wrapper is needed.',
      durationMs: 900,
      url: 'https://expressjs.com/en/guide/error-handling.html',
    }),
    result('search-1', 'Web search results', {
      query: 'express 5 async error handling',
      results: [
        {
          tool_use_id: 'srvtoolu_1',
          content: [
            { title: 'Error handling – Express', url: 'https://expressjs.com/en/guide/error-handling.html' },
            { title: 'Express 5 migration', url: 'https://expressjs.com/en/guide/migrating-5.html' },
          ],
        },
      ],
      durationSeconds: 1.2,
    }),
    result('mcp-1', 'Created issue #42: Add error handling to orders'),
    { kind: 'permission-denied', toolName: 'NotebookEdit', toolUseId: 'other-1', message: 'Editing notebooks is not allowed in this project.', at: at() },
    result('other-1', 'Editing notebooks is not allowed in this project.', undefined, true),
    { kind: 'compaction', id: 'cmp-1', compaction: { trigger: 'auto', preTokens: 182_000, postTokens: 14_500 }, at: at() },
    {
      kind: 'context',
      id: 'c-cmd',
      source: 'command',
      label: 'Command: /review',
      text: '<command-name>/review</command-name>\n<command-message>review</command-message>\nReview the changes on this branch.',
      at: at(),
    },
    { kind: 'notice', id: 'n1', level: 'warning', code: 'cli-version', text: 'Claude Code 2.2.0 is installed; clide was tested with 2.1.332.', at: at() },
    block('m10', 0, {
      type: 'text',
      text: 'The health route is in place. The test fails because `src/app.ts` does not exist yet; the app is exported from `src/server.ts`.',
    }),
    { kind: 'message-end', messageId: 'm10' },
    {
      kind: 'result',
      result: { subtype: 'error_during_execution', isError: true, errors: ['API Error: 529 Overloaded'], apiErrorStatus: 529, denials: [] },
      id: 'r1',
      at: at(),
    },
  ];
}
