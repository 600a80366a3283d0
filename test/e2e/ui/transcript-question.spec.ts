// Claude's questions (AskUserQuestion) in the transcript, live and resumed: each question with
// its options and the answer given, read from the tool's result, never the raw JSON input.
import path from 'node:path';
import type { SessionEvent } from '../../../shared/events';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

const questions = [
  {
    question: 'Which database should the service use?',
    header: 'Database',
    multiSelect: false,
    options: [
      { label: 'Postgres', description: 'Relational, runs everywhere we deploy.' },
      { label: 'SQLite', description: 'One file, nothing to run.' },
    ],
  },
  {
    question: 'Which checks should run before a merge?',
    header: 'Checks',
    multiSelect: true,
    options: [
      { label: 'Unit tests', description: 'Fast, on every push.' },
      { label: 'Lint', description: 'Style and obvious mistakes.' },
      { label: 'E2E \u202Etests', description: 'Slow; the real browser.' },
    ],
  },
];
const answers = { [questions[0]!.question]: 'Postgres', [questions[1]!.question]: 'Unit tests, Lint, nightly soak' };
// The result text the CLI writes for Claude (2.1.332); a resumed transcript may hold only this.
const resultText = `User has answered your questions: "${questions[0]!.question}"="Postgres", "${questions[1]!.question}"="Unit tests, Lint, nightly soak". You can now continue with the user's answers in mind.`;

function asked(id: string, structured: boolean): SessionEvent[] {
  return [
    { kind: 'block', messageId: `m-${id}`, index: 0, block: { type: 'tool_use', id, name: 'AskUserQuestion', input: { questions } }, at: Date.now() },
    { kind: 'message-end', messageId: `m-${id}` },
    { kind: 'tool-result', toolUseId: id, content: resultText, isError: false, ...(structured ? { structured: { questions, answers } } : {}) },
  ];
}

test.beforeEach(async ({ ui }) => {
  await ui.page.setViewportSize({ width: 1100, height: 900 });
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })])));
  await expect(ui.page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
});

for (const [how, structured] of [
  ['live (structured result)', true],
  ['resumed (result text only)', false],
] as const) {
  test(`${how}: questions, options and the answer, readably`, async ({ ui, page }) => {
    await ui.pushSession(SESSION, asked('q1', structured));
    const card = page.getByLabel('Tool: 2 questions');
    await expect(card).toBeVisible();
    const head = card.locator('.tool-head');
    await expect(head.locator('.tool-summary')).toHaveText('Which database should the service use?');
    await expect(head.locator('.tool-meta')).toHaveText('answered');
    // Closed: each question with its answer; no JSON anywhere.
    const peek = card.locator('.question-peek');
    await expect(peek).toContainText('Which checks should run before a merge?');
    await expect(peek).toContainText('Unit tests, Lint, nightly soak');
    for (const raw of ['{', '"questions"', 'multiSelect']) await expect(card).not.toContainText(raw);

    await head.click();
    const db = card.getByRole('region', { name: 'Question: Which database should the service use?' });
    await expect(db.locator('.question-header')).toHaveText('Database');
    await expect(db.locator('li')).toHaveText([/Postgres.*\(picked\).*Relational, runs everywhere we deploy\./, /SQLite.*One file, nothing to run\./]);
    await expect(db.locator('li.is-picked')).toHaveCount(1);
    await expect(db.locator('.question-answer')).toHaveText('Answer Postgres');
    const checks = card.getByRole('region', { name: 'Question: Which checks should run before a merge?' });
    await expect(checks.locator('.question-multi')).toHaveText('choose any');
    await expect(checks.locator('li.is-picked .question-option-label')).toHaveText(['Unit tests', 'Lint']);
    // A direction-changing character in an option is shown as a marker, never applied.
    await expect(checks.locator('li').nth(2)).toContainText('E2E ⟨U+202E⟩tests');
    await expect(checks.locator('.question-answer')).toHaveText('Answer Unit tests, Lint, nightly soak');
    for (const raw of ['{', '"questions"', 'multiSelect']) await expect(card).not.toContainText(raw);
  });
}

test('declined questions say so; unanswered ones wait', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    {
      kind: 'block',
      messageId: 'm-q2',
      index: 0,
      block: { type: 'tool_use', id: 'q2', name: 'AskUserQuestion', input: { questions: [questions[0]] } },
      at: Date.now(),
    },
    { kind: 'message-end', messageId: 'm-q2' },
  ]);
  const card = page.getByLabel('Tool: Question');
  await expect(card.locator('.question-peek')).toContainText('Not answered yet');
  await ui.pushSession(SESSION, [{ kind: 'tool-result', toolUseId: 'q2', content: 'The user declined to answer these questions.', isError: true }]);
  await expect(card.locator('.tool-meta')).toHaveText('not answered');
  await expect(card.locator('.question-peek')).toContainText('The user declined to answer these questions.');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshot: an answered question card, ${scheme}`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await ui.pushSession(SESSION, [...asked('q1', true), ...asked('q3', false)]);
    await page.getByLabel('Tool: 2 questions').first().locator('.tool-head').click();
    await expect(page.locator('.question-details')).toBeVisible();
    await transcriptStill(page);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `question-card-${scheme}.png`), animations: 'disabled' });
  });
}
