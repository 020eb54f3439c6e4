/**
 * The `ui` bench's figures for the moments a person decides or waits (issue 23), each measured in the built
 * panel at 360 × 640 px with the fake model scripting the run:
 * - approval_buttons_visible: a fill of 12 fields waits for approval (its card taller than the conversation's
 *   view); 1 when Approve, Deny and Always allow are all inside the view and not covered by anything (what is
 *   drawn at each button's centre is that button), else 0.
 * - follows_after_tall_card: a form-state card of 30 fields, then a 40-line answer streamed line by line; 1 when
 *   the answer's last line is inside the view once it is complete, without anyone scrolling, else 0.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import { sendChat } from '../harness/extension-helpers';
import { serveStatic } from '../harness/serve-static';

const WAIT = 30_000;
const PANEL = { width: 360, height: 640 };

const call = (name: string, args: unknown = {}) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });

const orderFields = [
  'Full name',
  'Email',
  'Phone',
  'Street',
  'Postcode',
  'City',
  'Region',
  'Company',
  'Floor',
  'Door code',
  'Notes',
  'Reference',
];
const keyOf = (label: string) => label.toLowerCase().replace(/\W+/g, '_');
const orderForm = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order</title></head><body>
<form><fieldset><legend>Delivery</legend>${orderFields.map((l) => `<label>${l} <input name="${keyOf(l)}"></label>`).join('')}
</fieldset><button type="submit">Order</button></form></body></html>`;
const survey = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Survey</title></head><body><form>
${Array.from({ length: 30 }, (_, i) => `<label>Question ${i + 1} <input name="q${i + 1}"></label>`).join('')}
<button type="submit">Send</button></form></body></html>`;

/** Whether `target` lies inside the conversation's view and is what is drawn at its own centre. */
async function inSightAndOnTop(panel: Page, target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const log = document.querySelector('.log')!.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const inside = r.top >= log.top - 1 && r.bottom <= log.bottom + 1 && r.height > 0;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inside && !!hit && (hit === el || el.contains(hit));
  });
}

async function openNewChat(context: BrowserContext, extensionId: string): Promise<Page> {
  const panel = await context.newPage();
  await panel.setViewportSize(PANEL);
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await panel.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: WAIT });
  await panel.getByRole('button', { name: 'New', exact: true }).click();
  return panel;
}

/** 1 when a tall pending fill shows its decision buttons in sight, else 0. */
export async function measureApprovalButtonsVisible(
  context: BrowserContext,
  extensionId: string,
  llm: FakeLlm,
): Promise<number> {
  const server = await serveStatic({ '/order.html': orderForm });
  const site = await context.newPage();
  try {
    await site.goto(`${server.url}/order.html`);
    const panel = await openNewChat(context, extensionId);
    const updates = Object.fromEntries(orderFields.map((l) => [keyOf(l), `${l} value`]));
    llm.enqueue(call('get_form_state'), call('fill_form', { updates }), { text: ['Left as it was.'] });
    await sendChat(panel, 'Fill in the order');
    const card = panel.locator('.tool-card[data-tool="fill_form"][data-status="awaiting-approval"]');
    await card.locator('.approval .actions').waitFor({ timeout: WAIT });
    // Let the card settle where the panel puts it (scrolled to, focused).
    await panel.waitForTimeout(500);
    const names = ['Approve', 'Deny', 'Always allow on this site'];
    const seen = await Promise.all(names.map((name) => inSightAndOnTop(panel, card.getByRole('button', { name }))));
    await card.getByRole('button', { name: 'Deny' }).click();
    await panel.locator('.message.assistant[data-status="complete"]').last().waitFor({ timeout: WAIT });
    await panel.close();
    return seen.every(Boolean) ? 1 : 0;
  } finally {
    await site.close();
    await server.close();
  }
}

/** 1 when the answer after a tall card ends in sight with nobody scrolling, else 0. */
export async function measureFollowsAfterTallCard(
  context: BrowserContext,
  extensionId: string,
  llm: FakeLlm,
): Promise<number> {
  const server = await serveStatic({ '/survey.html': survey });
  const site = await context.newPage();
  try {
    await site.goto(`${server.url}/survey.html`);
    const panel = await openNewChat(context, extensionId);
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the answer.\n\n`);
    llm.enqueue(call('get_form_state'), { text: [...lines, 'The last line.'], chunkDelayMs: 40 });
    await sendChat(panel, 'What does this survey ask?');
    const answer = panel.locator('.message.assistant').last();
    await answer.and(panel.locator('[data-status="complete"]')).waitFor({ timeout: WAIT });
    await panel.waitForTimeout(300);
    const last = answer.getByText('The last line.');
    const follows = await inSightAndOnTop(panel, last);
    await panel.close();
    return follows ? 1 : 0;
  } finally {
    await site.close();
    await server.close();
  }
}
