/**
 * Following the answer at a narrow panel: after a card taller than the view, the conversation still follows
 * what is written while the user is at the bottom; scrolled up, it stays where the user reads and offers
 * "Jump to latest"; sending a message always brings the view to it. Screenshots at 320 and 360 px, light and
 * dark, are written to the test's output folder.
 */
import type { Locator, Page } from '@playwright/test';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addFakeProvider, assistantMessages, expect, openPanel, sendChat, test, toolCall } from './fixtures';

/** A form long enough that its form-state card is taller than a 640-px panel. */
const fields = Array.from({ length: 30 }, (_, i) => `<label>Question ${i + 1} <input name="q${i + 1}"></label>`);
const form = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Survey</title></head><body><main>
<form id="survey">${fields.join('\n')}<button type="submit">Send</button></form></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/survey.html': form });
});
test.afterAll(async () => server?.close());

const jump = (panel: Page) => panel.getByRole('button', { name: 'Jump to latest' });
/** How far the conversation's view is from its end, in px. */
const fromBottom = (log: Locator) => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

async function shootWidths(panel: Page, name: string) {
  for (const width of [320, 360]) {
    for (const scheme of ['light', 'dark'] as const) {
      await panel.setViewportSize({ width, height: 640 });
      await panel.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: test.info().outputPath(`${name}-${width}-${scheme}.png`) });
    }
  }
  await panel.setViewportSize({ width: 360, height: 640 });
  await panel.emulateMedia({ colorScheme: 'light' });
}

test('after a tall card the view follows the answer; scrolled up it stays and offers Jump to latest; sending brings the message into view', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const site = await context.newPage();
  await site.goto(`${server.url}/survey.html`);
  const panel = await openPanel(context, extensionId);
  await panel.setViewportSize({ width: 360, height: 640 });
  const log = panel.locator('.log');

  // A tall card, then an answer that streams for a while, line by line.
  const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the answer.\n\n`);
  llm.enqueue(toolCall('get_form_state'), { text: [...lines, 'The end of the answer.'], chunkDelayMs: 150 });
  await sendChat(panel, 'What does this survey ask?');
  const answer = assistantMessages(panel).last();
  const card = answer.locator('.tool-card[data-tool="get_form_state"]');
  await expect(card).toHaveAttribute('data-status', 'done');
  expect(await card.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(
    await log.evaluate((el) => el.clientHeight),
  );
  // Output after the card arrives in view: the newest line is on screen while it streams.
  await expect(answer.locator('.markdown')).toContainText('Line 5 of the answer.');
  await expect(answer.getByText(/^Line \d+ of the answer\.$/).last()).toBeInViewport();
  await expect(jump(panel)).toHaveCount(0);

  // Scrolled up to read: the view stays, and Jump to latest is offered.
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(jump(panel)).toBeVisible();
  await expect(answer.locator('.markdown')).toContainText('Line 25 of the answer.');
  expect(await log.evaluate((el) => el.scrollTop)).toBe(0);
  await shootWidths(panel, 'following-scrolled-up');
  await jump(panel).click();
  await expect(jump(panel)).toHaveCount(0);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.getByText('The end of the answer.')).toBeInViewport();
  expect(await fromBottom(log)).toBeLessThan(32);

  // Scrolled up again, the user sends: the view goes to their message.
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(jump(panel)).toBeVisible();
  llm.enqueue({ text: ['Short answer.'] });
  await sendChat(panel, 'And the last question?');
  await expect(panel.locator('.message.user').last()).toHaveText('And the last question?');
  await expect(panel.locator('.message.user').last()).toBeInViewport();
  await expect(assistantMessages(panel).last().getByText('Short answer.')).toBeInViewport();
  await expect(jump(panel)).toHaveCount(0);
  await shootWidths(panel, 'following-sent');
});
