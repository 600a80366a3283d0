// The scenarios recorded into fixtures/*.jsonl. Each drives the pinned CLI against the loopback
// fake API (test/support/fake-api.ts) and answers its control requests the way clide does.
import fs from 'node:fs';
import path from 'node:path';
import { lastToolResults, lastUserText, text, toolUse, type FakeReply, type MessagesBody, type Responder } from '../test/support/fake-api';
import { registerHooks } from '../electron/core/protocol/hooks';
import type { CliSandbox } from '../test/support/real-cli';
import { writeSampleSettings, writeSettings } from '../test/support/rules-settings';
import type { FixtureDriver, InboundHandler, Json } from './record-fixtures.driver';

export interface Scenario {
  name: string;
  description: string;
  /** Flags after clide's own BASE_ARGS. */
  args?: string[];
  env?: Record<string, string>;
  /** Extra fields for the initialize request (hooks, sdkMcpServers). */
  initialize?: Json;
  setup?(sb: CliSandbox): void;
  /** Answers the CLI's control requests; set before initialize (SDK MCP servers are contacted at once). Default: allow every tool. */
  inbound?: InboundHandler;
  api: Responder | FakeReply[];
  /** Replaces `api` when the replies need the sandbox (absolute paths). */
  apiFor?(sb: CliSandbox): Responder;
  run(d: FixtureDriver, sb: CliSandbox): Promise<void>;
}

/** Allow every tool as-is, the way a person clicking "Allow" does. */
export const allowAll: InboundHandler = (req) => {
  if (req.subtype === 'can_use_tool') return { behavior: 'allow', updatedInput: (req.input as Json | undefined) ?? {} };
  return { error: `Unsupported control request: ${req.subtype}` };
};

async function oneTurn(d: FixtureDriver, prompt: string, timeoutMs = 60_000): Promise<Json> {
  const from = d.mark;
  d.sendUser(prompt);
  return d.waitForResult(from, timeoutMs);
}

function firstUserText(body: MessagesBody): string {
  const first = body.messages.find((m) => m.role === 'user');
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  return JSON.stringify(first.content);
}

const SUBAGENT_MARK = 'SUBAGENT-TASK';

/** A reply the fake API holds back until the scenario lets it go (a subagent that keeps running). */
function held(): { promise: Promise<void>; release(): void } {
  let release = () => {};
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}

const helperHeld = held();

export const scenarios: Scenario[] = [
  {
    name: 'text-turn',
    description: 'One prompt answered with a thinking block and streamed text.',
    api: [
      {
        blocks: [
          { type: 'thinking', thinking: 'The user greets me; answer briefly.' },
          { type: 'text', text: 'Hello! How can I help with this project today?' },
        ],
        chunk: 6,
      },
    ],
    run: async (d) => {
      await oneTurn(d, 'Say hello');
    },
  },
  {
    name: 'write-allowed',
    description: 'A Write tool call that asks permission and is allowed; the file is created.',
    api: [toolUse('Write', { file_path: 'hello.txt', content: 'hello\n' }, 'I will create the file.'), text('Created hello.txt.')],
    run: async (d) => {
      await oneTurn(d, 'Create hello.txt');
    },
  },
  {
    name: 'write-denied',
    description: 'A Write tool call that asks permission and is denied with a message.',
    api: [toolUse('Write', { file_path: 'nope.txt', content: 'no\n' }), text('Understood, I left the file alone.')],
    inbound: (req) =>
      req.subtype === 'can_use_tool' ? { behavior: 'deny', message: 'Not that file, please.' } : { error: `Unsupported control request: ${req.subtype}` },
    run: async (d) => {
      await oneTurn(d, 'Create nope.txt');
    },
  },
  {
    name: 'interrupt',
    description: 'A slowly streamed reply interrupted after its first text delta; then a normal turn.',
    api: [
      text('This is a long answer that streams slowly so that it can be interrupted part of the way through. '.repeat(4), { chunk: 4, delayMs: 60 }),
      text('Fresh start.'),
    ],
    run: async (d) => {
      const from = d.mark;
      d.sendUser('Tell me a long story');
      await d.waitFor((m) => m.type === 'stream_event' && (m.event as Json).type === 'content_block_delta', 'first delta', 30_000, from);
      await d.request('interrupt');
      await d.waitForResult(from);
      await oneTurn(d, 'Never mind; say something short');
    },
  },
  {
    name: 'set-model',
    description: 'A turn, then set_model to sonnet (the CLI confirms), then a turn on the new model.',
    api: [text('Answering on the default model.'), text('Answering on the new model.')],
    run: async (d) => {
      await oneTurn(d, 'Hello');
      await d.request('set_model', { model: 'sonnet' });
      await new Promise((r) => setTimeout(r, 300));
      await oneTurn(d, 'Which model are you?');
    },
  },
  {
    name: 'control-requests',
    description:
      'A text turn, then the outbound control requests clide uses: set_permission_mode (acceptEdits, then bypassPermissions which fails), get_context_usage, mcp_status, set_max_thinking_tokens, apply_flag_settings (effort), rewind_files (dry run), stop_task for an unknown task.',
    env: { CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: '1' },
    api: [toolUse('Write', { file_path: 'notes.txt', content: 'one\n' }), text('Noted.')],
    run: async (d) => {
      const from = d.mark;
      const uuid = d.sendUser('Write notes.txt');
      await d.waitForResult(from);
      const attempt = async (subtype: string, payload: Json = {}) => {
        try {
          await d.request(subtype, payload);
        } catch {
          // Error replies are part of what the fixture records.
        }
      };
      await attempt('set_permission_mode', { mode: 'acceptEdits' });
      await attempt('set_permission_mode', { mode: 'bypassPermissions' });
      await attempt('get_context_usage');
      await attempt('mcp_status');
      await attempt('set_max_thinking_tokens', { max_thinking_tokens: 4096 });
      await attempt('apply_flag_settings', { settings: { effortLevel: 'high' } });
      await attempt('rewind_files', { user_message_id: uuid, dry_run: true });
      await attempt('stop_task', { task_id: 'no-such-task' });
      await new Promise((r) => setTimeout(r, 300));
    },
  },
  {
    name: 'plan-mode',
    description: 'Plan mode: the model writes its plan file, calls ExitPlanMode, the plan is approved.',
    args: ['--permission-mode', 'plan'],
    api: (req, i) => {
      if (i === 0) {
        const m = /[^\s"'`(]*\/plans\/[^\s"'`)]+\.md/.exec(JSON.stringify(req.body.system ?? '') + JSON.stringify(req.body.messages));
        const planPath = m?.[0] ?? 'plan.md';
        return toolUse('Write', { file_path: planPath, content: '# Plan\n\n1. Add a health endpoint.\n2. Test it.\n' }, 'Writing the plan.');
      }
      if (i === 1) return toolUse('ExitPlanMode', {});
      return text('The plan is approved; starting with step 1.');
    },
    run: async (d) => {
      await oneTurn(d, 'Plan a health endpoint');
    },
  },
  {
    name: 'ask-user-question',
    description: 'AskUserQuestion answered through can_use_tool with updatedInput.answers.',
    api: [
      toolUse('AskUserQuestion', {
        questions: [
          {
            question: 'Which pet do you prefer?',
            header: 'Pet',
            multiSelect: false,
            options: [
              { label: 'Cats', description: 'Independent' },
              { label: 'Dogs', description: 'Loyal' },
            ],
          },
        ],
      }),
      text('You chose Dogs.'),
    ],
    inbound: (req) => {
      if (req.subtype !== 'can_use_tool') return { error: `Unsupported control request: ${req.subtype}` };
      const input = (req.input as Json) ?? {};
      return { behavior: 'allow', updatedInput: { ...input, answers: { 'Which pet do you prefer?': 'Dogs' } } };
    },
    run: async (d) => {
      await oneTurn(d, 'Ask me about pets');
    },
  },
  {
    name: 'skill',
    description: 'The model invokes a project skill; the CLI injects the skill body as synthetic user text.',
    setup: (sb) => {
      const dir = path.join(sb.cwd, '.claude', 'skills', 'greet');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'SKILL.md'),
        '---\nname: greet\ndescription: Greets people warmly.\n---\n\nGreet the person by name and wish them a good day.\n',
      );
    },
    api: [toolUse('Skill', { skill: 'greet' }), text('Hello, and have a good day!')],
    run: async (d) => {
      await oneTurn(d, 'Greet me');
    },
  },
  {
    name: 'slash-command',
    description: 'A project slash command (/hello) expanded locally by the CLI.',
    setup: (sb) => {
      const dir = path.join(sb.cwd, '.claude', 'commands');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'hello.md'), '---\ndescription: Say hello to someone\nargument-hint: <name>\n---\n\nSay hello to $ARGUMENTS.\n');
    },
    api: [text('Hello, world!')],
    run: async (d) => {
      await oneTurn(d, '/hello world');
    },
  },
  {
    name: 'subagent',
    description: 'A subagent via the Agent tool that reads a file; its messages carry parent_tool_use_id.',
    setup: (sb) => fs.writeFileSync(path.join(sb.cwd, 'data.txt'), 'alpha\nbeta\ngamma\n'),
    api: [],
    apiFor: (sb) => (req) => {
      const results = lastToolResults(req.body);
      if (firstUserText(req.body).includes(SUBAGENT_MARK)) {
        if (results.length === 0) return toolUse('Read', { file_path: path.join(sb.cwd, 'data.txt') }, 'Reading the file.');
        return text('The file has three lines: alpha, beta, gamma.');
      }
      // The Agent tool runs the subagent in the background: the main turn ends, and the subagent's
      // completion later starts a follow-up turn. Launch it only once.
      if (!JSON.stringify(req.body.messages).includes('"name":"Agent"')) {
        return toolUse('Agent', { description: 'Count lines', prompt: `${SUBAGENT_MARK}: count the lines in data.txt`, subagent_type: 'general-purpose' });
      }
      return text(results.length > 0 ? 'A subagent is counting the lines.' : 'The subagent found three lines.');
    },
    run: async (d) => {
      const from = d.mark;
      await oneTurn(d, 'Use a subagent to count lines in data.txt');
      const done = await d.waitFor((m) => m.type === 'system' && m.subtype === 'task_notification', 'task_notification', 30_000, from);
      await d.waitForResult(d.messages.indexOf(done));
    },
  },
  {
    name: 'bash-tasks',
    description: 'A foreground Bash call that runs for about 3 s, then a background one that finishes later (task events).',
    api: (req, i) => {
      if (i === 0) return toolUse('Bash', { command: 'for i in 1 2 3; do echo tick $i; sleep 1; done', description: 'Count to three slowly' });
      if (i === 1) return toolUse('Bash', { command: 'sleep 2; echo finished', description: 'Wait in the background', run_in_background: true });
      if (lastUserText(req.body).includes('task-notification') || JSON.stringify(req.body.messages.at(-1)).includes('finished'))
        return text('The background job finished.');
      return text('Started the background job.');
    },
    run: async (d) => {
      const from = d.mark;
      d.sendUser('Run the slow commands');
      await d.waitForResult(from, 60_000);
      await d.waitFor((m) => m.type === 'system' && m.subtype === 'task_notification', 'task_notification', 30_000, from);
      // The CLI may start a follow-up turn to report the finished background task.
      await new Promise((r) => setTimeout(r, 3000));
    },
  },
  {
    name: 'background-tasks',
    description:
      'Background work and its requests: a background Bash read with get_task_output and stopped with stop_task; a Monitor read and stopped; a foreground Bash moved to the background with background_tasks (a call that matches nothing first); a background subagent whose output get_task_output refuses; the live set (background_tasks_changed) throughout.',
    api: (req) => {
      if (firstUserText(req.body).includes(SUBAGENT_MARK)) return text('The helper looked around.', { hold: helperHeld.promise });
      if (lastToolResults(req.body).length > 0) return text('Noted.');
      const said = lastUserText(req.body);
      if (said.includes('<task-notification>')) return text('A task finished.');
      if (said.includes('background count'))
        return toolUse('Bash', { command: 'for i in $(seq 1 20); do echo line-$i; sleep 1; done', description: 'Count slowly', run_in_background: true });
      if (said.includes('Watch'))
        return toolUse('Monitor', { description: 'Watch a counter', timeout_ms: 60_000, command: 'for i in $(seq 1 20); do echo tick-$i; sleep 1; done' });
      if (said.includes('foreground count'))
        return toolUse('Bash', { command: 'for i in 1 2 3 4 5 6 7; do echo fg-$i; sleep 1; done', description: 'Count in the foreground' });
      if (said.includes('helper'))
        return toolUse('Agent', {
          description: 'Look around',
          prompt: `${SUBAGENT_MARK}: look around`,
          subagent_type: 'general-purpose',
          run_in_background: true,
        });
      return text('Nothing to do.');
    },
    run: async (d) => {
      const attempt = async (subtype: string, payload: Json = {}) => {
        try {
          await d.request(subtype, payload);
        } catch {
          // Error replies are part of what the fixture records.
        }
      };
      const started = (from: number) => d.waitFor((m) => m.type === 'system' && m.subtype === 'task_started', 'task_started', 30_000, from);
      const ended = (id: unknown, from: number) =>
        d.waitFor((m) => m.type === 'system' && m.subtype === 'task_notification' && m.task_id === id, 'task_notification', 60_000, from);
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

      let from = d.mark;
      d.sendUser('Start a background count');
      await d.waitForResult(from);
      const count = await started(from);
      await pause(2500);
      await attempt('get_task_output', { task_id: count.task_id });
      await attempt('get_task_output', { task_id: 'no-such-task' });
      await attempt('stop_task', { task_id: count.task_id });
      await ended(count.task_id, from);

      from = d.mark;
      d.sendUser('Watch a counter');
      await d.waitForResult(from);
      const monitor = await started(from);
      await pause(2500);
      await attempt('get_task_output', { task_id: monitor.task_id });
      await attempt('stop_task', { task_id: monitor.task_id });
      await ended(monitor.task_id, from);

      from = d.mark;
      d.sendUser('Run a foreground count');
      const fg = await started(from);
      await attempt('background_tasks', { tool_use_id: 'toolu_matches_nothing' });
      await attempt('background_tasks', { tool_use_id: fg.tool_use_id });
      await d.waitForResult(from);
      const done = await ended(fg.task_id, from);
      await d.waitForResult(d.messages.indexOf(done));

      from = d.mark;
      d.sendUser('Start a helper');
      await d.waitForResult(from);
      const helper = await started(from);
      await attempt('get_task_output', { task_id: helper.task_id });
      await attempt('background_tasks');
      helperHeld.release();
      const helped = await ended(helper.task_id, from);
      await d.waitForResult(d.messages.indexOf(helped));
    },
  },
  {
    name: 'api-retry',
    description: 'The API answers HTTP 529 twice, then succeeds: system/api_retry events, then a normal turn.',
    env: { CLAUDE_CODE_MAX_RETRIES: '3' },
    api: [{ blocks: [], status: 529 }, { blocks: [], status: 529 }, text('Third time lucky.')],
    run: async (d) => {
      await oneTurn(d, 'Hello?', 90_000);
    },
  },
  {
    name: 'api-error',
    description: 'The API keeps answering HTTP 529 until the CLI gives up: the turn ends in an error result.',
    env: { CLAUDE_CODE_MAX_RETRIES: '1' },
    api: () => ({ blocks: [], status: 529 }),
    run: async (d) => {
      await oneTurn(d, 'Hello?', 90_000);
    },
  },
  {
    name: 'max-turns',
    description: 'With --max-turns 1 the model keeps calling tools: the turn ends with error_max_turns.',
    args: ['--max-turns', '1'],
    setup: (sb) => fs.writeFileSync(path.join(sb.cwd, 'a.txt'), 'a\n'),
    api: [],
    apiFor: (sb) => () => toolUse('Read', { file_path: path.join(sb.cwd, 'a.txt') }),
    run: async (d) => {
      await oneTurn(d, 'Read a.txt forever');
    },
  },
  {
    name: 'hook-callback',
    description: 'A PreToolUse hook registered in initialize: the CLI sends hook_callback before the Write; {continue: true} lets it proceed.',
    // The same registration clide's pipeline sends (callback ids clide_hook_<n>).
    initialize: { hooks: registerHooks([{ event: 'PreToolUse', matcher: 'Write', callback: () => ({ continue: true }) }]).payload },
    api: [toolUse('Write', { file_path: 'hooked.txt', content: 'hooked\n' }), text('Wrote hooked.txt.')],
    inbound: (req, id) => (req.subtype === 'hook_callback' ? { continue: true } : allowAll(req, id)),
    run: async (d) => {
      await oneTurn(d, 'Write hooked.txt');
    },
  },
  {
    name: 'sdk-mcp',
    description: 'An in-process MCP server named in initialize.sdkMcpServers: mcp_message handshake, tools/list, then tools/call.',
    initialize: { sdkMcpServers: ['clide-test'] },
    api: (req) => (lastToolResults(req.body).length === 0 ? toolUse('mcp__clide-test__echo', { text: 'ping' }) : text('The server echoed ping.')),
    inbound: (req, id) => {
      if (req.subtype !== 'mcp_message') return allowAll(req, id);
      const msg = req.message as { id?: number | string; method?: string; params?: Json };
      const reply = (result: Json) => ({ mcp_response: { jsonrpc: '2.0', id: msg.id ?? 0, result } });
      switch (msg.method) {
        case 'initialize':
          return reply({
            protocolVersion: (msg.params?.protocolVersion as string) ?? '2025-06-18',
            capabilities: { tools: { listChanged: false } },
            serverInfo: { name: 'clide-test', version: '1.0.0' },
          });
        case 'notifications/initialized':
          return { mcp_response: { jsonrpc: '2.0', id: 0, result: {} } };
        case 'tools/list':
          return reply({
            tools: [
              {
                name: 'echo',
                description: 'Echo the text back',
                inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
              },
            ],
          });
        case 'tools/call':
          return reply({ content: [{ type: 'text', text: `echo: ${String((msg.params?.arguments as Json | undefined)?.text)}` }], isError: false });
        default:
          return { mcp_response: { jsonrpc: '2.0', id: msg.id ?? 0, error: { code: -32601, message: `Method not found: ${String(msg.method)}` } } };
      }
    },
    run: async (d) => {
      await oneTurn(d, 'Call the echo tool');
    },
  },
  {
    name: 'hook-failure',
    description: 'A project PreToolUse command hook that fails (exit 1) and one that blocks (exit 2), with --include-hook-events.',
    setup: (sb) => {
      const dir = path.join(sb.cwd, '.claude');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'settings.json'),
        JSON.stringify({
          hooks: {
            PreToolUse: [
              { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "lint hook crashed" >&2; exit 1' }] },
              { matcher: 'Write', hooks: [{ type: 'command', command: 'echo "writes are frozen today" >&2; exit 2' }] },
            ],
          },
        }),
      );
    },
    api: [
      toolUse('Bash', { command: 'echo hi', description: 'Say hi' }),
      toolUse('Write', { file_path: 'frozen.txt', content: 'x\n' }),
      text('The write was blocked by a hook.'),
    ],
    run: async (d) => {
      await oneTurn(d, 'Run echo, then write frozen.txt');
    },
  },
  {
    name: 'rules-and-hooks',
    description:
      'Rules and hooks in user, project and local settings: list_permission_rules and get_hooks_listing; "Always allow" saves a rule to the local settings; update_settings refuses permissions; the rule taken out of the file is gone from the next list.',
    setup: (sb) => writeSampleSettings(sb),
    api: [toolUse('Bash', { command: 'npm test -- health', description: 'Run the health tests' }), text('Ran the tests.')],
    // "Always allow": the CLI's own suggestion (addRules to localSettings) sent back.
    inbound: (req, id) =>
      req.subtype === 'can_use_tool'
        ? {
            behavior: 'allow',
            updatedInput: (req.input as Json | undefined) ?? {},
            updatedPermissions: (req.permission_suggestions as Json[] | undefined) ?? [],
          }
        : allowAll(req, id),
    run: async (d, sb) => {
      await d.request('list_permission_rules');
      await d.request('get_hooks_listing');
      await oneTurn(d, 'Run the health tests');
      await d.request('list_permission_rules');
      try {
        await d.request('update_settings', { source: 'localSettings', settings: { permissions: { allow: [] } } });
      } catch {
        // The refusal is what the fixture records.
      }
      writeSettings(path.join(sb.cwd, '.claude', 'settings.local.json'), { permissions: { allow: ['Bash(npm run lint)'] } });
      // The CLI reads the changed file on its own; ask until the rule is gone.
      for (let i = 0; i < 200; i++) {
        const r = await d.request('list_permission_rules');
        if (!JSON.stringify(r).includes('npm test')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  },
  {
    name: 'dont-ask-denial',
    description: 'dontAsk mode: a Write that would need permission is denied without asking (permission_denied).',
    args: ['--permission-mode', 'dontAsk'],
    api: [toolUse('Write', { file_path: 'quiet.txt', content: 'x\n' }), text('I could not write the file.')],
    run: async (d) => {
      await oneTurn(d, 'Write quiet.txt');
    },
  },
  {
    name: 'compact',
    description: 'A text turn, then /compact: compacting status, compact_boundary and the summary as injected context.',
    api: (req) => (lastUserText(req.body).includes('Say hello') ? text('Hello!') : text('Summary: the user said hello and was greeted.')),
    run: async (d) => {
      await oneTurn(d, 'Say hello');
      await oneTurn(d, '/compact', 90_000);
    },
  },
];
