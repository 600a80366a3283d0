// Tool cards, one kind at a time, through the real components: Bash, Edit/Write diffs, TodoWrite,
// subagents, web tools, MCP and generic tools, huge results, highlighted code.
import type { SessionEvent } from '../../../shared/events';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

const toolUse = (messageId: string, index: number, id: string, name: string, input: Record<string, unknown>, parent?: string): SessionEvent => ({
  kind: 'block',
  messageId,
  index,
  block: { type: 'tool_use', id, name, input },
  at: Date.now(),
  parentToolUseId: parent,
});

test.beforeEach(async ({ ui }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })])));
  await expect(ui.page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
});

test('Bash: command, description, running state, output with escapes made inert, exit status', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [toolUse('m1', 0, 'b1', 'Bash', { command: 'npm test\necho done', description: 'Run the tests' })]);
  const card = page.getByLabel('Tool: Bash');
  await expect(card.locator('.tool-summary')).toHaveText('npm test …');
  await expect(card).toContainText('Run the tests');
  await expect(card).toContainText('Running…');
  const output = '\u001b[31mFAIL\u001b[0m test/a.test.ts\u001b]0;pwned title\u0007\n\u001b[2K\rline two\n';
  await ui.pushSession(SESSION, [{ kind: 'tool-result', toolUseId: 'b1', content: `Exit code 1\n${output}`, isError: true }]);
  await expect(card).toHaveAttribute('data-phase', 'error');
  await expect(card.locator('.tool-meta')).toHaveText('exit 1');
  const peek = card.locator('.tool-preview.is-error');
  await expect(peek).toContainText('FAIL test/a.test.ts');
  const peekText = (await peek.textContent()) ?? '';
  for (const bad of ['\u001b', '\u0007', 'pwned title', 'Exit code']) expect(peekText).not.toContain(bad);
  await card.locator('.tool-head').click();
  await expect(card.locator('.tool-command')).toHaveText('$ npm test\necho done');
  await expect(card.locator('.tool-io.is-error')).toHaveText('FAIL test/a.test.ts\n\nline two\n');
  expect(await page.title()).toBe('clide');
});

test('Edit: a diff from the strings while pending, the CLI patch with line numbers after, cut after 20 lines', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    toolUse('m1', 0, 'e1', 'Edit', { file_path: '/repo/src/a.ts', old_string: 'const a = 1;\nconst b = 2;', new_string: 'const a = 1;\nconst b = 3;' }),
  ]);
  const card = page.getByLabel('Tool: Edit');
  await expect(card.locator('.diff-del .diff-text')).toHaveText('const b = 2;');
  await expect(card.locator('.diff-add .diff-text')).toHaveText('const b = 3;');
  await expect(card.locator('.tool-meta')).toHaveText(['+1', '−1']);
  await expect(card.locator('.diff-no')).toHaveCount(0);

  const lines = [' keep 1', '-old 2', '+new 2', ...Array.from({ length: 30 }, (_, i) => `+added ${i + 3}`), ' keep 3'];
  await ui.pushSession(SESSION, [
    {
      kind: 'tool-result',
      toolUseId: 'e1',
      content: 'The file /repo/src/a.ts has been updated.',
      isError: false,
      structured: { filePath: '/repo/src/a.ts', structuredPatch: [{ oldStart: 10, oldLines: 3, newStart: 10, newLines: 33, lines }] },
    },
  ]);
  await expect(card.locator('.tool-meta')).toHaveText(['+31', '−1']);
  await expect(card.locator('.diff-line')).toHaveCount(20);
  const first = card.locator('.diff-line').first();
  await expect(first.locator('.diff-no')).toHaveText(['10', '10']);
  await card.getByRole('button', { name: 'Show all 34 lines (14 more)' }).click();
  await expect(card.locator('.diff-line')).toHaveCount(34);
  await expect(card.locator('.diff-line').last().locator('.diff-no')).toHaveText(['12', '42']);
});

test('Write: a new file shows its content; an overwrite shows a diff', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    toolUse('m1', 0, 'w1', 'Write', { file_path: '/repo/new.py', content: 'def main():\n    return 1\n' }),
    toolUse('m1', 1, 'w2', 'Write', { file_path: '/repo/old.txt', content: 'alpha\ngamma\n' }),
    {
      kind: 'tool-result',
      toolUseId: 'w1',
      content: 'File created',
      isError: false,
      structured: { type: 'create', filePath: '/repo/new.py', content: 'def main():\n    return 1\n', structuredPatch: [], originalFile: null },
    },
    {
      kind: 'tool-result',
      toolUseId: 'w2',
      content: 'File updated',
      isError: false,
      structured: {
        type: 'update',
        filePath: '/repo/old.txt',
        content: 'alpha\ngamma\n',
        structuredPatch: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' alpha', '-beta', '+gamma'] }],
        originalFile: 'alpha\nbeta\n',
      },
    },
  ]);
  const created = page.getByLabel('Tool: Write').first();
  await expect(created.locator('.tool-meta')).toHaveText('new · 2 lines');
  await expect(created.locator('.code-block')).toHaveAttribute('data-highlight', 'done');
  await expect(created.locator('.code-block .hljs-keyword').first()).toHaveText('def');
  const updated = page.getByLabel('Tool: Write').last();
  await expect(updated.locator('.diff-del .diff-text')).toHaveText('beta');
  await expect(updated.locator('.diff-add .diff-text')).toHaveText('gamma');
});

test('Read, Grep, Glob, TodoWrite, web tools, MCP and generic cards say what they did', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    toolUse('m1', 0, 'r1', 'Read', { file_path: '/repo/src/big.ts', offset: 100, limit: 50 }),
    toolUse('m1', 1, 'g1', 'Grep', { pattern: 'TODO', path: 'src', output_mode: 'content' }),
    toolUse('m1', 2, 'g2', 'Glob', { pattern: '**/*.md' }),
    toolUse('m1', 3, 'todo', 'TodoWrite', {
      todos: [
        { content: 'Read', status: 'completed', activeForm: 'Reading' },
        { content: 'Fix', status: 'in_progress', activeForm: 'Fixing the bug' },
        { content: 'Test', status: 'pending', activeForm: 'Testing' },
      ],
    }),
    toolUse('m1', 4, 'f1', 'WebFetch', { url: 'https://example.com/docs', prompt: 'Summarise' }),
    toolUse('m1', 5, 's1', 'WebSearch', { query: 'vite workers' }),
    {
      kind: 'block',
      messageId: 'm1',
      index: 6,
      block: {
        type: 'tool_use',
        id: 'mcp1',
        name: 'mcp__linear__create_ticket',
        input: { title: 'Bug' },
        displayName: 'Create ticket',
        serverDisplayName: 'Linear',
      },
      at: Date.now(),
    },
    toolUse('m1', 7, 'x1', 'mcp__db__query', { sql: 'select 1' }),
    toolUse('m1', 8, 'o1', 'SomethingNew', { answer: 42 }),
    {
      kind: 'tool-result',
      toolUseId: 'r1',
      content: '...',
      isError: false,
      structured: { type: 'text', file: { filePath: '/repo/src/big.ts', content: '...', numLines: 50, startLine: 100, totalLines: 900 } },
    },
    {
      kind: 'tool-result',
      toolUseId: 'g1',
      content: 'src/a.ts:3: // TODO a\nsrc/b.ts:9: // TODO b',
      isError: false,
      structured: { mode: 'content', numFiles: 2, filenames: [], content: 'src/a.ts:3: // TODO a\nsrc/b.ts:9: // TODO b', numLines: 2 },
    },
    {
      kind: 'tool-result',
      toolUseId: 'g2',
      content: 'README.md\ndocs/a.md',
      isError: false,
      structured: { filenames: ['README.md', 'docs/a.md'], numFiles: 2, truncated: false, durationMs: 3 },
    },
    {
      kind: 'tool-result',
      toolUseId: 'f1',
      content: 'ok',
      isError: false,
      structured: { url: 'https://example.com/docs', code: 200, codeText: 'OK', bytes: 1000, result: 'The page says **hello**.', durationMs: 10 },
    },
    {
      kind: 'tool-result',
      toolUseId: 's1',
      content: 'results',
      isError: false,
      structured: {
        query: 'vite workers',
        results: [
          {
            tool_use_id: 'x',
            content: [
              { title: 'Web Workers | Vite', url: 'https://vite.dev/guide/features#web-workers' },
              { title: 'Evil', url: 'javascript:alert(1)' },
            ],
          },
        ],
        durationSeconds: 1,
      },
    },
    { kind: 'tool-result', toolUseId: 'o1', content: 'The answer is 42', isError: false },
  ]);
  await expect(page.getByLabel('Tool: Read')).toContainText('lines 100–149 of 900');
  await expect(page.getByLabel('Tool: Grep')).toContainText('2 matches');
  await expect(page.getByLabel('Tool: Grep').locator('.tool-preview')).toContainText('src/a.ts:3: // TODO a');
  await expect(page.getByLabel('Tool: Glob')).toContainText('2 files');
  const todos = page.getByLabel('Tool: Todos');
  await expect(todos.locator('.tool-summary')).toHaveText('1 of 3 done');
  await expect(todos.getByRole('img', { name: 'Done' })).toHaveCount(1);
  await expect(todos.locator('.todo-in_progress')).toHaveText('Fixing the bug');
  await expect(todos.getByRole('img', { name: 'To do' })).toHaveCount(1);
  const fetch = page.getByLabel('Tool: WebFetch');
  await expect(fetch).toContainText('https://example.com/docs');
  await expect(fetch).toContainText('200 OK');
  await fetch.locator('.tool-head').click();
  await expect(fetch.locator('strong')).toHaveText('hello');
  const search = page.getByLabel('Tool: WebSearch');
  await expect(search).toContainText('2 results');
  await search.locator('.tool-head').click();
  await expect(search.getByRole('link', { name: 'https://vite.dev/guide/features#web-workers' })).toHaveAttribute(
    'href',
    'https://vite.dev/guide/features#web-workers',
  );
  await expect(search.getByRole('link')).toHaveCount(1);
  await expect(page.getByLabel('Tool: Linear · Create ticket').locator('.tool-server')).toHaveText('Linear');
  await expect(page.getByLabel('Tool: db · query').locator('.tool-name')).toHaveText('query');
  const other = page.getByLabel('Tool: SomethingNew');
  await expect(other.locator('.tool-summary')).toHaveText('{"answer":42}');
  await expect(other.locator('.tool-preview')).toHaveText('The answer is 42');
});

test('a subagent card nests its own messages, live while it runs, and collapses', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    toolUse('m1', 0, 'a1', 'Agent', { description: 'Count lines', prompt: 'Count the lines in data.txt', subagent_type: 'general-purpose' }),
    { kind: 'message-end', messageId: 'm1' },
    { kind: 'task', phase: 'started', task: { taskId: 'k1', toolUseId: 'a1', taskType: 'local_agent', status: 'running' }, at: Date.now() },
    { kind: 'block', messageId: 's1', index: 0, block: { type: 'text', text: 'Reading the file.' }, at: Date.now(), parentToolUseId: 'a1' },
    toolUse('s1', 1, 'sr', 'Read', { file_path: '/repo/data.txt' }, 'a1'),
  ]);
  const card = page.getByLabel('Tool: Agent');
  const head = card.locator(':scope > .tool-head');
  await expect(head).toHaveAttribute('aria-expanded', 'true');
  await expect(card).toContainText('Running…');
  const nested = card.getByRole('group', { name: 'Subagent messages' });
  await expect(nested).toContainText('Reading the file.');
  await expect(nested.getByLabel('Tool: Read')).toBeVisible();
  // Nested, not repeated at the top level of the transcript.
  await expect(page.locator('.transcript-row')).toHaveCount(1);
  await ui.pushSession(SESSION, [
    { kind: 'tool-result', toolUseId: 'sr', content: '1\talpha\n2\tbeta', isError: false, parentToolUseId: 'a1' },
    { kind: 'block', messageId: 's2', index: 0, block: { type: 'text', text: 'It has two lines.' }, at: Date.now(), parentToolUseId: 'a1' },
  ]);
  await expect(nested).toContainText('It has two lines.');
  await ui.pushSession(SESSION, [
    { kind: 'task', phase: 'ended', task: { taskId: 'k1', status: 'completed', usage: { totalTokens: 1240, toolUses: 1, durationMs: 744 } }, at: Date.now() },
    {
      kind: 'tool-result',
      toolUseId: 'a1',
      content: 'Two lines.',
      isError: false,
      structured: {
        status: 'completed',
        content: [{ type: 'text', text: 'The file has **two** lines.' }],
        totalToolUseCount: 1,
        totalDurationMs: 744,
        totalTokens: 1240,
        prompt: 'x',
        agentId: 'z',
      },
    },
  ]);
  // Done: it folds to its summary and answer by itself; the messages are a click away.
  await expect(card).toContainText('Done');
  await expect(head).toHaveAttribute('aria-expanded', 'false');
  await expect(nested).toHaveCount(0);
  await expect(card.locator('.agent-peek')).toContainText('1 tool use · 1.2k tokens · 1 s');
  await expect(card.locator('.agent-peek strong')).toHaveText('two');
  await head.click();
  await expect(nested).toContainText('It has two lines.');
  await expect(card.locator('.agent-answer strong')).toHaveText('two');
  await head.click();
  await expect(nested).toHaveCount(0);
});

test('a 4 MB result shows a cheap preview and expands into a virtual list without freezing', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [toolUse('m1', 0, 'big', 'Bash', { command: 'cat huge.log' })]);
  await page.evaluate(() => {
    const line = 'x'.repeat(79);
    const content = Array.from({ length: 52_000 }, (_, i) => `${String(i + 1).padStart(6, '0')} ${line}`).join('\n');
    window.__clideDouble?.pushSession('session-1', [
      { kind: 'tool-result', toolUseId: 'big', content, isError: false, structured: { stdout: content, stderr: '', interrupted: false } },
    ]);
  });
  const card = page.getByLabel('Tool: Bash');
  await expect(card.locator('.tool-preview')).toContainText('000001 xxx');
  await expect(card.locator('.tool-preview')).toContainText('51,996 more lines');
  await card.locator('.tool-head').click();
  await expect(card.locator('.big-output-bar')).toHaveText(/^52,000 lines · 4,\d{3} KB$/);
  const mounted = await card.locator('.big-output-line').count();
  expect(mounted).toBeGreaterThan(10);
  expect(mounted).toBeLessThan(120);
  await card.locator('.big-output-box').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(card.locator('.big-output-line').last()).toContainText('052000 xxx');
});

test('code blocks are highlighted off the main thread and copy their text', async ({ ui, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = Array.from({ length: 60 }, (_, i) => `const v${i} = ${i}; // line ${i}`).join('\n');
  await ui.pushSession(SESSION, [
    { kind: 'block', messageId: 'm1', index: 0, block: { type: 'text', text: `Here:\n\n\`\`\`ts\n${code}\n\`\`\`` }, at: Date.now() },
  ]);
  const block = page.locator('.code-block');
  await expect(block).toHaveAttribute('data-highlight', 'done');
  await expect(block.locator('.hljs-keyword').first()).toHaveText('const');
  await expect(block.locator('.code-line')).toHaveCount(24);
  await block.getByRole('button', { name: 'Show all 60 lines' }).click();
  await expect(block.locator('.code-line')).toHaveCount(60);
  await block.getByRole('button', { name: 'Copy' }).click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // The worker runs in its own realm: the page never parsed highlighter markup.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('highlight.worker')))).toBe(true);
});
