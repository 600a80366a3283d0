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

  await ui.pushSession(SESSION, [
    { kind: 'message-end', messageId: 'm1' },
    { kind: 'status', status: 'ready' },
  ]);
  await expect(reply.locator('.md-streaming')).toHaveCount(0);
  await expect(log.getByRole('article', { name: 'Claude' })).toHaveCount(1);
});

test('a reply keeps streaming while the person types, and every key reaches the box', async ({ ui, page }) => {
  // Typing comes first (typing-first.ts): the reply is redrawn in steps while keys arrive, but it
  // must keep moving, and nothing typed may be lost to the streaming.
  await ui.pushSession(SESSION, [{ kind: 'status', status: 'working' }, ...streamedText('m1', ['Start. '])]);
  const reply = page.getByRole('article', { name: 'Claude' });
  await expect(reply).toContainText('Start.');
  await page.evaluate((id) => {
    const w = window as unknown as { __steps: number[]; __stop: () => void };
    let n = 0;
    const timer = setInterval(() => window.__clideDouble?.pushSession(id, [{ kind: 'block-delta', messageId: 'm1', index: 0, text: `w${n++} ` }]), 16);
    // How long the reply's text is at each frame while the person types.
    w.__steps = [];
    let on = true;
    const look = () => {
      if (!on) return;
      w.__steps.push(document.querySelector('.md-streaming')?.textContent?.length ?? 0);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
    w.__stop = () => {
      on = false;
      clearInterval(timer);
    };
  }, SESSION);
  const box = page.getByRole('textbox', { name: 'Message Claude' });
  await box.focus();
  const typed = 'typing while the reply streams in beside the box';
  await page.keyboard.type(typed, { delay: 25 });
  const steps = await page.evaluate(() => {
    const w = window as unknown as { __steps: number[]; __stop: () => void };
    w.__stop();
    return w.__steps;
  });
  await expect(box).toHaveValue(typed);
  // The reply grew many times while keys arrived (about once per 50 ms of typing at least).
  const growths = steps.filter((v, i) => i > 0 && v > steps[i - 1]!).length;
  expect(growths).toBeGreaterThanOrEqual(10);
  // And once the keys stop, it catches up with everything that arrived.
  const last = await page.evaluate(() => document.querySelector('.md-streaming')?.textContent ?? '');
  const lastWord = /w(\d+) $/.exec(last);
  await expect.poll(async () => (await reply.textContent())?.includes(`w${Number(lastWord?.[1] ?? 0)} `)).toBe(true);
  await ui.pushSession(SESSION, [
    { kind: 'message-end', messageId: 'm1' },
    { kind: 'status', status: 'ready' },
  ]);
  await expect(reply.locator('.md-streaming')).toHaveCount(0);
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
  // Finished: the label says how long it is, and the person's choice to open it holds.
  const done = page.getByRole('button', { name: 'Thinking · 6 words' });
  await expect(done).toHaveAttribute('aria-expanded', 'true');
  await done.click();
  await expect(page.getByText('Considering the router and the tests')).toHaveCount(0);
});

test("context the CLI injected is a collapsed card, never the person's message", async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    { kind: 'context', id: 'c1', source: 'skill', label: 'Skill: api-conventions', text: 'Base directory for this skill: /x\n\nUse REST.', at: Date.now() },
  ]);
  const card = page.getByRole('button', { name: 'Skill: api-conventions' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: 'You' })).toHaveCount(0);
  await expect(page.getByText('Use REST.')).toHaveCount(0);
  await card.click();
  await expect(page.getByText('Use REST.')).toBeVisible();

  // A slash command's expansion and a system reminder: titled, their wrapper tags gone.
  await ui.pushSession(SESSION, [
    {
      kind: 'context',
      id: 'c2',
      source: 'command',
      label: 'Command: /review',
      text: '<command-name>/review</command-name>\n<command-message>review</command-message>\nReview the branch.',
      at: Date.now(),
    },
    { kind: 'context', id: 'c3', source: 'other', label: 'Context', text: 'Working directory changed.', at: Date.now() },
  ]);
  await page.getByRole('button', { name: 'Command: /review' }).click();
  await expect(page.locator('.context-body').last()).toHaveText('review\nReview the branch.');
  await expect(page.getByRole('button', { name: 'Context added by Claude Code' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'You' })).toHaveCount(0);
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
  await expect(read.locator('.tool-path')).toHaveText('/repo/missing.ts');
  await expect(read.locator('.tool-io.is-error')).toHaveText('File does not exist.');
});

test('notices are inline lines, coloured by level: interrupts, retries, compaction, failed turns', async ({ ui, page }) => {
  const now = Date.now();
  await ui.pushSession(SESSION, [
    { kind: 'notice', id: 'n1', level: 'warning', code: 'cli-version', text: 'Claude Code 2.2.0 is installed.', at: now },
    { kind: 'status', status: 'working' },
    { kind: 'api-retry', retry: { attempt: 2, maxRetries: 10, delayMs: 4000, httpStatus: 529, error: 'overloaded', at: now } },
  ]);
  const log = page.getByRole('log', { name: 'Transcript' });
  await expect(log.locator('.notice-warning')).toContainText('Claude Code 2.2.0 is installed.');
  const retry = page.locator('[data-code="api-retry"]');
  await expect(retry).toContainText('HTTP 529, overloaded');
  await expect(retry).toContainText('attempt 2 of 10 in 4 s');
  await ui.pushSession(SESSION, [
    { kind: 'context', id: 'i1', source: 'interrupt', label: 'Interrupted by you', text: '[Request interrupted by user]', at: now },
    { kind: 'compaction', id: 'k1', compaction: { trigger: 'auto', preTokens: 182_000, postTokens: 14_500 }, at: now },
    {
      kind: 'result',
      result: { subtype: 'error_during_execution', isError: true, errors: ['API Error: 529 Overloaded'], apiErrorStatus: 529, denials: [] },
      id: 'r1',
      at: now,
    },
    { kind: 'status', status: 'ready' },
  ]);
  // Output (or the end of the turn) clears the retry line.
  await expect(retry).toHaveCount(0);
  await expect(log.locator('[data-code="interrupt"]')).toHaveText(/Interrupted by you\./);
  await expect(log.locator('[data-code="compaction"]')).toContainText('182k → 14.5k tokens');
  const failed = log.locator('.notice-error');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('The turn failed (HTTP 529): API Error: 529 Overloaded');
  // The interruption is a notice, never the person's own message.
  await expect(log.getByRole('article', { name: 'You' })).toHaveCount(0);
});
