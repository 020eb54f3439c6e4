/**
 * Approving a fill at a narrow panel, as a person does: the waiting card is the old → new table the page's
 * own fieldsets group (labels as the page shows them, options and dates in words, no internal keys), its
 * buttons stay in sight however tall the card, it takes the focus (Enter approves, Escape denies, but never
 * from a message being typed) and screen readers hear that a decision waits. Undo names the page's labels.
 * Screenshots at 320 and 360 px, light and dark, are written to the test's output folder.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import {
  addFakeProvider,
  assistantMessages,
  chatRequests,
  composerText,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
} from './fixtures';

const form = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order</title></head><body><main>
<h1>Order a print</h1>
<form id="order" action="/done" method="post">
<fieldset><legend>About you</legend>
<label>Full name <input name="fullName"></label>
<label>Email <input type="email" name="email"></label>
<label>Birthday <input type="date" name="birthday"></label>
<label>Phone <input type="tel" name="phone"></label>
</fieldset>
<fieldset><legend>Delivery address</legend>
<label>Street <input name="street"></label>
<label>Postcode <input name="postcode"></label>
<label>City <input name="city"></label>
<label>Country <select name="country"><option value="DE">Germany</option><option value="FR">France</option><option value="GB">United Kingdom</option></select></label>
</fieldset>
<fieldset><legend>Delivery</legend>
<label><input type="radio" name="speed" value="std" checked> Standard, 3 to 5 days</label>
<label><input type="radio" name="speed" value="exp"> Express, next day</label>
<label>Deliver on <input type="date" name="deliverOn"></label>
</fieldset>
<label>Notes for the courier <textarea name="notes"></textarea></label>
<label><input type="checkbox" name="gift"> This is a gift</label>
<button type="submit">Order</button>
</form></main></body></html>`;

/** What the model asks for; the country by its label, as a model may (the page stores GB). */
const updates = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  birthday: '1815-12-10',
  phone: '+44 20 7946 0000',
  street: "12 St James's Square",
  postcode: 'SW1Y 4JH',
  city: 'London',
  country: 'United Kingdom',
  speed: 'exp',
  deliverOn: '2026-12-24',
  notes: 'Ring twice',
  gift: true,
};

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/order.html': form });
});
test.afterAll(async () => server?.close());

const fillCard = (panel: Page) => assistantMessages(panel).last().locator('.tool-card[data-tool="fill_form"]');

interface Fixtures {
  context: BrowserContext;
  extensionId: string;
  llm: FakeLlm;
  extPage: Page;
}

async function setUp({ context, extensionId, llm, extPage }: Fixtures) {
  await addFakeProvider(extPage, llm, 'm');
  const site = await context.newPage();
  await site.goto(`${server.url}/order.html`);
  const panel = await openPanel(context, extensionId);
  await panel.setViewportSize({ width: 360, height: 640 });
  return { site, panel };
}

/** Screenshots of the panel as it is now, at both widths and in both schemes, for a person to look at. */
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

test('a waiting fill is the grouped old → new table, its buttons in sight and the focus on it; Enter approves and Undo names the labels', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { site, panel } = await setUp({ context, extensionId, llm, extPage });
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates }), { text: ['Ordered.'] });
  await sendChat(panel, 'Order the print for Ada, express, to London');

  const card = fillCard(panel);
  await expect(card).toHaveAttribute('data-status', 'awaiting-approval');
  const approval = card.locator('.approval');
  const table = approval.locator('table');
  // Grouped by the page's own fieldsets, in the page's order.
  await expect(table.locator('.fill-group-head')).toHaveText(['About you', 'Delivery address', 'Delivery']);
  await expect(table.locator('tbody tr:not(.fill-group-head) td:first-child')).toHaveText([
    'Full name',
    'Email',
    'Birthday',
    'Phone',
    'Street',
    'Postcode',
    'City',
    'Country',
    'Delivery',
    'Deliver on',
    'Notes for the courier',
    'This is a gift',
  ]);
  // Options and dates as a person reads them; the radio by its labels on both sides.
  await expect(table.locator('tr[data-key="country"] td').nth(1)).toHaveText('Germany → United Kingdom');
  await expect(table.locator('tr[data-key="birthday"] td').nth(1)).toHaveText('(empty) → Dec 10, 1815');
  await expect(table.locator('tr[data-key="speed"] td').nth(1)).toHaveText('Standard, 3 to 5 days → Express, next day');
  await expect(table.locator('tr[data-key="gift"] td').nth(1)).toHaveText('unchecked → checked');
  // Internal keys only behind the disclosures (the request as text, the raw arguments).
  for (const key of ['fullName', 'deliverOn', 'speed', '"GB"'])
    await expect(approval.locator(':scope > :not(details)')).not.toContainText([key]);
  await expect(approval.locator('details.approval-asked')).not.toHaveAttribute('open');

  // The card is taller than the conversation's view, and still its buttons are in sight, and it has the focus.
  const [cardHeight, logHeight] = await Promise.all([
    card.evaluate((el) => el.getBoundingClientRect().height),
    panel.locator('.log').evaluate((el) => el.clientHeight),
  ]);
  expect(cardHeight).toBeGreaterThan(logHeight);
  for (const name of ['Approve', 'Deny', 'Always allow on this site'])
    await expect(approval.getByRole('button', { name })).toBeInViewport();
  await expect(card.locator('.tool-head')).toBeInViewport();
  await expect(approval).toBeFocused();
  await expect(panel.getByRole('group', { name: 'Waiting for your decision: Fill the form' })).toBeVisible();
  // Screen readers hear it.
  await expect(panel.locator('.sr-only[role="status"]')).toHaveText(
    'A decision is waiting: Fill the form. Enter approves, Escape denies.',
  );
  await shootWidths(panel, 'approval-pending');
  await expect(approval.getByRole('button', { name: 'Approve' })).toBeInViewport();

  await approval.focus();
  await panel.keyboard.press('Enter');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(panel.locator('.sr-only[role="status"]')).toHaveText('');
  await expect(site.locator('select[name="country"]')).toHaveValue('GB');
  await expect(site.locator('input[name="deliverOn"]')).toHaveValue('2026-12-24');
  // Written as asked: the page's "GB" for "United Kingdom" is only its own spelling, and says nothing.
  await expect(card.locator('tr[data-key="country"] td')).toHaveText([
    'Country',
    'Germany → United Kingdom',
    'written',
  ]);
  await expect(card.locator('.card-fill')).not.toContainText('the page shows');

  await card.getByRole('button', { name: 'Undo this fill' }).click();
  const undone = card.locator('.undo-result');
  // In the page's order, by the page's labels.
  await expect(undone).toHaveText('Restored 12 fields: Full name, Email, Birthday, Phone, Street, Postcode, 6 more.');
  await expect(undone).not.toContainText('fullName');
  await expect(site.locator('select[name="country"]')).toHaveValue('DE');
  await shootWidths(panel, 'approval-undone');
});

test('Escape denies the waiting card (the answer goes on), and a card never takes the focus from a message being typed', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { site, panel } = await setUp({ context, extensionId, llm, extPage });
  const box = panel.getByRole('textbox', { name: 'Message' });
  llm.enqueue(
    // Slow enough that the user is typing when the card arrives.
    { ...toolCall('get_form_state'), text: ['Reading ', 'the ', 'form.'], chunkDelayMs: 800 },
    toolCall('fill_form', { updates: { fullName: 'Ada Lovelace' } }),
    { text: ['Left the form as it was.'] },
  );
  await sendChat(panel, 'Fill in my name');
  // The user starts typing the next message while the run reads the form.
  await box.pressSequentially('and then');
  const card = fillCard(panel);
  await expect(card).toHaveAttribute('data-status', 'awaiting-approval');
  await expect(box).toBeFocused();
  await expect(card.locator('.approval')).not.toBeFocused();
  await expect.poll(() => composerText(box)).toBe('and then');

  await card.locator('.approval').focus();
  await panel.keyboard.press('Escape');
  await expect(card).toHaveAttribute('data-status', 'denied');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('.markdown').last()).toHaveText('Left the form as it was.');
  await expect(site.locator('input[name="fullName"]')).toHaveValue('');
  // The model was told the user denied it.
  expect(JSON.stringify(chatRequests(llm).at(-1)!.body)).toMatch(/denied/i);
});
