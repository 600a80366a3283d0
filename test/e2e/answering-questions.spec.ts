// Claude's questions and plans end to end (Chromium, browser host, real CLI): AskUserQuestion
// answered with single choice, multiple choice and Other, and skipped; Plan mode chosen in the
// mode control (shown once the CLI confirms it), the plan approved to continue in Accept edits,
// and the edit that follows runs without a prompt.
import fs from 'node:fs';
import path from 'node:path';
import { lastToolResults, text, toolUse, type Responder } from '../support/fake-api';
import { expect, test } from './fixtures';

const questions = {
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
    {
      question: 'Which snacks should we bring?',
      header: 'Snacks',
      multiSelect: true,
      options: [
        { label: 'Apples', description: 'Crisp' },
        { label: 'Nuts', description: 'Salted' },
        { label: 'Figs', description: 'Dried' },
      ],
    },
  ],
};

test('questions answered and skipped, then a plan approved into Accept edits', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  const script: Responder = (req, i) => {
    switch (i) {
      case 0:
        return toolUse('AskUserQuestion', questions, 'A couple of questions first.');
      case 1:
        return text('Noted your answers.');
      case 2:
        return toolUse('AskUserQuestion', { questions: [questions.questions[0]] });
      case 3:
        return text('Fine, no answer.');
      case 4: {
        const m = /[^\s"'`(]*\/plans\/[^\s"'`)]+\.md/.exec(JSON.stringify(req.body.system ?? '') + JSON.stringify(req.body.messages));
        return toolUse('Write', { file_path: m?.[0] ?? 'plan.md', content: '# Plan\n\n1. Write **done.txt**.\n2. Say so.\n' }, 'Writing the plan.');
      }
      case 5:
        return toolUse('ExitPlanMode', {});
      case 6:
        return toolUse('Write', { file_path: 'done.txt', content: 'done\n' });
      default:
        return text('Finished the plan.');
    }
  };
  sandbox.api.script(script);
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });

  // Questions: one of each kind, with an answer of the person's own.
  await composer.fill('Ask me about the picnic');
  await composer.press('Enter');
  const card = page.getByRole('dialog', { name: 'Claude has 2 questions' });
  await expect(card).toContainText('Independent');
  await card.getByRole('radio', { name: /Dogs/ }).check();
  await card.getByRole('checkbox', { name: /Apples/ }).check();
  await card.getByRole('checkbox', { name: /Figs/ }).check();
  await card.getByRole('textbox', { name: 'Your own answer to: Which snacks should we bring?' }).fill('Cheese');
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(transcript).toContainText('Noted your answers.');
  const answered = JSON.stringify(lastToolResults(sandbox.api.turns()[1]!.body));
  expect(answered).toContain('\\"Which pet do you prefer?\\"=\\"Dogs\\"');
  expect(answered).toContain('\\"Which snacks should we bring?\\"=\\"Apples, Figs, Cheese\\"');
  // The transcript's card reads the answers back from the CLI's result: no raw input.
  const asked = transcript.getByLabel('Tool: 2 questions');
  await expect(asked.locator('.tool-meta')).toHaveText('answered');
  await expect(asked.locator('.question-peek')).toContainText('Apples, Figs, Cheese');
  await expect(asked).not.toContainText('"questions"');

  // Skipping tells Claude the person declined.
  await composer.fill('Ask me again');
  await composer.press('Enter');
  const again = page.getByRole('dialog', { name: 'Claude has a question' });
  await again.getByRole('button', { name: 'Skip' }).click();
  await expect(transcript).toContainText('Fine, no answer.');
  const skipped = lastToolResults(sandbox.api.turns()[3]!.body);
  expect(skipped[0]?.is_error).toBe(true);
  expect(JSON.stringify(skipped[0]?.content)).toContain('declined to answer');

  // Plan mode from the mode control; the label changes once the CLI confirms it.
  const mode = page.getByRole('button', { name: 'Permission mode' });
  await expect(mode).toHaveText(/Default mode/);
  await mode.click();
  await page.getByRole('option', { name: /Plan mode/ }).click();
  await expect(mode).toHaveText(/Plan mode/);
  await expect(page.getByRole('contentinfo', { name: 'Session status' })).toContainText('Plan mode');

  await composer.fill('Plan the done file');
  await composer.press('Enter');
  const plan = page.getByRole('dialog', { name: 'Approve Claude’s plan?' });
  await expect(plan.getByRole('heading', { name: 'Plan', exact: true })).toBeVisible();
  await expect(plan.locator('strong', { hasText: 'done.txt' })).toBeVisible();
  await expect(plan.getByRole('combobox', { name: 'and continue in' })).toHaveValue('acceptEdits');
  await plan.getByRole('button', { name: 'Approve' }).click();
  await expect(transcript).toContainText('Finished the plan.');
  // The CLI switched to Accept edits with the approval, and the edit ran without a prompt.
  await expect(mode).toHaveText(/Accept edits/);
  expect(fs.readFileSync(path.join(sandbox.cwd, 'done.txt'), 'utf8')).toBe('done\n');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
