// The transcript: streaming text, markdown that can never become active content, thinking,
// context and tool cards.
import { doubleOptions, sessionView, snapshotWith, streamedText } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

test.beforeEach(async ({ ui }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  await expect(ui.page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
});

test('assistant text appears progressively as deltas arrive', async ({ ui, page }) => {
  const log = page.getByRole('log', { name: 'Transcript' });
  await ui.pushSession(SESSION, [{ kind: 'status', status: 'working' }, ...streamedText('m1', ['Hel'])]);
  const reply = log.getByRole('article', { name: 'Claude' });
  await expect(reply).toContainText('Hel');
  await expect(reply).not.toContainText('Hello, world');
  await expect(reply.locator('.md-streaming')).toHaveCount(1);

  await ui.pushSession(SESSION, [{ kind: 'block-delta', messageId: 'm1', index: 0, text: 'lo, ' }]);
  await expect(reply).toContainText('Hello, ');
  await ui.pushSession(SESSION, [{ kind: 'block-delta', messageId: 'm1', index: 0, text: 'world. Here is **bold**.' }]);
  await expect(reply).toContainText('Hello, world. Here is bold.');
  await expect(reply.locator('strong')).toHaveText('bold');

  await ui.pushSession(SESSION, [{ kind: 'message-end', messageId: 'm1' }, { kind: 'status', status: 'ready' }]);
  await expect(reply.locator('.md-streaming')).toHaveCount(0);
  await expect(log.getByRole('article', { name: 'Claude' })).toHaveCount(1);
});

test('markdown never yields active HTML, unsafe links or remote images', async ({ ui, page }) => {
  const text = [
    'Raw <img src=x onerror="window.__pwned=1"> and <script>window.__pwned=2</script> stay text.',
    '',
    '[bad link](javascript:window.__pwned=3) [good link](https://example.com/docs) [relative](src/app.ts)',
    '',
    '![tracking pixel](https://evil.example/pixel.png)',
    '',
    '```"><img src=x onerror=alert(1)>\ncode\n```',
  ].join('\n');
  await ui.pushSession(SESSION, [{ kind: 'block', messageId: 'm1', index: 0, block: { type: 'text', text }, at: Date.now() }]);
  const reply = page.getByRole('article', { name: 'Claude' });
  await expect(reply).toContainText('Raw <img src=x onerror="window.__pwned=1"> and');
  await expect(reply.locator('img, script, iframe')).toHaveCount(0);
  await expect(reply.getByRole('link', { name: 'good link' })).toHaveAttribute('href', 'https://example.com/docs');
  await expect(reply.getByRole('link', { name: 'bad link' })).toHaveCount(0);
  await expect(reply.getByText('bad link')).toBeVisible();
  await expect(reply.getByRole('link', { name: 'relative' })).toHaveCount(0);
  await expect(reply.getByRole('link', { name: 'Image: tracking pixel' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('thinking is collapsed under a label and opens while it streams', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    { kind: 'block-start', messageId: 'm1', index: 0, blockType: 'thinking', at: Date.now() },
    { kind: 'block-delta', messageId: 'm1', index: 0, text: 'Considering the router' },
  ]);
  const toggle = page.getByRole('button', { name: 'Thinking…' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Considering the router')).toHaveCount(0);
  await toggle.click();
  await expect(page.getByText('Considering the router')).toBeVisible();
  await ui.pushSession(SESSION, [{ kind: 'block-delta', messageId: 'm1', index: 0, text: ' and the tests' }]);
  await expect(page.getByText('Considering the router and the tests')).toBeVisible();
  await ui.pushSession(SESSION, [{ kind: 'message-end', messageId: 'm1' }]);
  await expect(page.getByRole('button', { name: 'Thinking', exact: true })).toHaveAttribute('aria-expanded', 'true');
});

test('context the CLI injected is a collapsed card, never the person\'s message', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    { kind: 'context', id: 'c1', source: 'skill', label: 'Skill: api-conventions', text: 'Base directory for this skill: /x\n\nUse REST.', at: Date.now() },
  ]);
  const card = page.getByRole('button', { name: 'Skill: api-conventions' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: 'You' })).toHaveCount(0);
  await expect(page.getByText('Use REST.')).toHaveCount(0);
  await card.click();
  await expect(page.getByText('Use REST.')).toBeVisible();
});

test('a tool card shows the key input, joins its result, and marks errors', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    { kind: 'status', status: 'working' },
    { kind: 'block', messageId: 'm1', index: 0, block: { type: 'tool_use', id: 't1', name: 'Grep', input: { pattern: 'TODO', path: 'src' } }, at: Date.now() },
    { kind: 'block', messageId: 'm1', index: 1, block: { type: 'tool_use', id: 't2', name: 'Read', input: { file_path: '/repo/missing.ts' } }, at: Date.now() },
  ]);
  const grep = page.getByLabel('Tool: Grep');
  await expect(grep).toContainText('TODO');
  await expect(grep).toContainText('Running…');
  await ui.pushSession(SESSION, [
    { kind: 'tool-result', toolUseId: 't1', content: 'src/a.ts:1: // TODO one\nsrc/b.ts:9: // TODO two', isError: false },
    { kind: 'tool-result', toolUseId: 't2', content: 'File does not exist.', isError: true },
  ]);
  await expect(grep).toContainText('src/a.ts:1: // TODO one');
  await expect(grep).toContainText('Done');
  const read = page.getByLabel('Tool: Read');
  await expect(read).toContainText('/repo/missing.ts');
  await expect(read).toContainText('Error');
  await expect(read.locator('.tool-preview.is-error')).toHaveText('File does not exist.');
  await read.getByRole('button', { expanded: false }).click();
  await expect(read.getByText('"file_path": "/repo/missing.ts"')).toBeVisible();
});

test('notices are inline lines, coloured by level', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [{ kind: 'notice', id: 'n1', level: 'warning', code: 'cli-version', text: 'Claude Code 2.2.0 is installed.', at: Date.now() }]);
  await expect(page.locator('.notice-warning')).toContainText('Claude Code 2.2.0 is installed.');
});
