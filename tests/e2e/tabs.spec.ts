/**
 * Navigation and tabs end to end: the built extension, fixture pages on two origins (127.0.0.1 and
 * localhost of the same server), a planner in the fake LLM reading only tool results, and approval cards
 * decided in the panel. Assertions read the pages' own state, the browser's tabs and groups, and what the
 * model was told.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import {
  addFakeProvider,
  callBackground,
  chatRequests,
  composerText,
  expect,
  openPanel,
  sendChat,
  test,
} from './fixtures';
import { lookAt } from './look';
import { lastSteps, planWith, resultOf, settleRun } from './drive-tab-run';
import { lastSnapshot, refOf } from '../fixtures/tasks/oracle-helpers';
import type { FakeLlm } from '../fake-llm';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => {
  await pages?.close();
});

const other = () => pages.url.replace('127.0.0.1', 'localhost');
const call = (tool: string, args: Record<string, unknown> = {}) => ({ calls: [{ tool, args }] });

async function start(context: BrowserContext, extensionId: string, llm: FakeLlm, extPage: Page, path: string) {
  await addFakeProvider(extPage, llm);
  // These runs take more steps than the default ten, and their 15 requests re-send a growing history: more than the default 200,000-token budget.
  await callBackground(extPage, 'settings.update', { maxSteps: 30, maxRunTokens: 1_000_000 });
  const page = await context.newPage();
  await page.goto(`${pages.url}${path}`);
  const panel = await openPanel(context, extensionId);
  return { page, panel };
}

test('navigate to a page of the same site without asking, refuse the old snapshot, wait for the network, text, ref and url, act, and go back', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { page, panel } = await start(context, extensionId, llm, extPage, 'tabs-form.html');
  const slow = `${pages.url}tabs-slow.html`;
  planWith(llm, (steps) => {
    const firstSnap = steps[0] && lastSnapshot(steps.slice(0, 1));
    switch (steps.length) {
      case 0:
        return call('get_page_state');
      case 1:
        return call('navigate', { url: slow });
      case 2:
        return call('click', { key: refOf(firstSnap!, 'Start return') });
      case 3:
        return call('wait_for', { network_idle: true, timeout_ms: 15_000 });
      case 4:
        return call('read_page');
      case 5:
        return call('wait_for', { text: 'results READY', timeout_ms: 2000 });
      case 6:
        return call('get_page_state');
      case 7:
        return call('wait_for', { ref: refOf(lastSnapshot(steps)!, 'Continue'), timeout_ms: 2000 });
      case 8:
        return call('click', { key: refOf(lastSnapshot(steps)!, 'Continue') });
      case 9:
        return call('read_page');
      case 10:
        return call('wait_for', { text: 'Never on this page', timeout_ms: 300 });
      case 11:
        return call('wait_for', { ref: 'e999', timeout_ms: 300 });
      case 12:
        return call('wait_for', { url: 'nowhere.html', timeout_ms: 300 });
      case 13:
        return call('go_back');
      case 14:
        return call('wait_for', { url: 'tabs-form.html', timeout_ms: 5000 });
      default:
        return { answer: 'Done.' };
    }
  });
  await sendChat(panel, 'Go to the search page and continue when the results are in');
  const asked = await settleRun(panel, () => 'approve');
  // Only the click was asked: the navigation stayed on the run's own origin.
  expect(asked.map((a) => a.tool)).toEqual(['click']);
  const steps = lastSteps(llm);
  if (process.env.DEBUG_TABS)
    console.log(
      JSON.stringify(
        steps.map((x) => [x.tool, x.args, x.result.slice(0, 300)]),
        null,
        1,
      ),
    );
  expect(resultOf(steps, 'navigate')).toContain(`<${slow}>`);
  // The snapshot of the form page is stale once the tab navigated: refused, nothing asked.
  expect(resultOf(steps, 'click', 0)).toMatch(/Refused: the page navigated or reloaded/);
  expect(resultOf(steps, 'wait_for', 0)).toMatch(/^Done after \d+ ms: waited for the network to be idle/);
  // Network idle waited for all five requests: the results they bring were on the page right after.
  expect(resultOf(steps, 'read_page')).toContain('Results ready: 3 flights found.');
  expect(resultOf(steps, 'wait_for', 1)).toMatch(/waited for the text "results READY" to appear/);
  expect(resultOf(steps, 'wait_for', 2)).toMatch(/waited for element e\d+ to be listed and enabled/);
  expect(resultOf(steps, 'read_page', 1)).toContain('\\"continued\\":true');
  expect(resultOf(steps, 'wait_for', 3)).toBe(
    `wait_for timed out after 300 ms waiting for the text "Never on this page" to appear in tab ${/tab (\d+)/.exec(resultOf(steps, 'navigate'))![1]} <${slow}>.`,
  );
  expect(resultOf(steps, 'wait_for', 4)).toMatch(
    /^wait_for timed out after 300 ms waiting for element e999 to be listed and enabled/,
  );
  expect(resultOf(steps, 'wait_for', 5)).toMatch(
    /^wait_for timed out after 300 ms waiting for the tab to be on an address containing "nowhere.html"/,
  );
  expect(resultOf(steps, 'go_back')).toContain(`<${pages.url}tabs-form.html>`);
  expect(resultOf(steps, 'wait_for', 6)).toMatch(/^Done after/);
  await expect(page).toHaveURL(`${pages.url}tabs-form.html`);
  await expect(panel.locator('.tool-card[data-tool="navigate"]')).toContainText('Go to a page');
  await expect(panel.locator('.tool-card[data-tool="navigate"]')).toContainText(
    `${new URL(pages.url).host}/tabs-slow.html`,
  );
});

test("open_tab on a new site asks once with its origin, keeps the tab in a group named for the conversation, and only the run's own tab can be closed", async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { page, panel } = await start(context, extensionId, llm, extPage, 'tabs-form.html');
  const order = `${other()}tabs-order.html`;
  const unreachable = pages.url.replace('127.0.0.1', '127.0.0.2');
  const tabIdIn = (text: string) => Number(/tab (\d+)/.exec(text)?.[1]);
  let groups: Array<{ title?: string; urls: string[] }> = [];
  planWith(llm, (steps) => {
    const opened = tabIdIn(resultOf(steps, 'open_tab'));
    switch (steps.length) {
      case 0:
        return call('open_tab', { url: order });
      case 1:
        return call('read_page');
      // Back to the same new site: it is in the run now, so nobody is asked again.
      case 2:
        return call('open_tab', { url: `${other()}tabs-form.html`, active: true });
      case 3:
        return call('navigate', { url: `${unreachable}tabs-order.html` });
      case 4:
        return call('navigate', { url: `${unreachable}tabs-form.html` });
      // The second tab it opened is the run's current tab; closing it leaves the run on its start tab.
      case 5:
        return call('close_tab', { tabId: tabIdIn(resultOf(steps, 'open_tab', 1)) });
      case 6:
        return call('switch_tab', { tabId: 123456 });
      case 7:
        return call('close_tab', { tabId: Number(/acts on tab (\d+)/.exec(resultOf(steps, 'close_tab'))?.[1]) });
      case 8:
        return call('close_tab', { tabId: opened });
      default:
        return { answer: 'Done.' };
    }
  });
  const message = 'Find my order number';
  await sendChat(panel, message);
  const asked = await settleRun(panel, (a) => {
    if (a.tool === 'navigate') {
      // While the run waits on the card, its two tabs are in one group named for the conversation.
      void extPage
        .evaluate(async () => {
          const all = await chrome.tabGroups.query({});
          return Promise.all(
            all.map(async (g) => ({
              title: g.title,
              urls: (await chrome.tabs.query({ groupId: g.id })).map((t) => t.url ?? t.pendingUrl ?? ''),
            })),
          );
        })
        .then((g) => {
          groups = g;
        });
      return 'deny';
    }
    return 'approve';
  });
  expect(asked).toEqual([
    { tool: 'open_tab', origin: new URL(other()).origin },
    { tool: 'navigate', origin: new URL(unreachable).origin },
  ]);
  expect(groups).toEqual([{ title: message, urls: [order, `${other()}tabs-form.html`] }]);
  const steps = lastSteps(llm);
  expect(resultOf(steps, 'open_tab')).toMatch(
    /^Opened tab \d+: Order details <.*tabs-order\.html> in the background\. The run now acts on this tab\./,
  );
  expect(resultOf(steps, 'read_page')).toContain('ORD-4821');
  expect(resultOf(steps, 'navigate', 0)).toMatch(/denied by the user/);
  // Denied once, the origin stays denied for the run: refused without a card.
  expect(resultOf(steps, 'navigate', 1)).toBe(
    `Refused: the user denied going to ${new URL(unreachable).origin} earlier in this run, so nothing was done. Do not try it again; ask the user instead.`,
  );
  expect(resultOf(steps, 'close_tab', 0)).toMatch(/^Closed tab \d+\. The run now acts on tab \d+\./);
  expect(resultOf(steps, 'close_tab', 2)).toMatch(/^Closed tab \d+\./);
  expect(resultOf(steps, 'switch_tab')).toMatch(/^Refused: tab 123456 is not one this run may use/);
  // The tab the run started on was opened by the user: it stays.
  expect(resultOf(steps, 'close_tab', 1)).toMatch(/^Refused: tab -?\d+ was not opened by this run, so it stays open\./);
  const urls = context.pages().map((p) => p.url());
  expect(urls).not.toContain(order);
  expect(urls).not.toContain(`${other()}tabs-form.html`);
  expect(page.isClosed()).toBe(false);
  await expect(panel.locator('.tool-card[data-tool="open_tab"]').first()).toContainText(
    `${new URL(other()).host}/tabs-order.html`,
  );
});

test('@ in the composer offers the open tabs; a mentioned tab can be read by id, an unmentioned one cannot', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const orderTab = await context.newPage();
  await orderTab.goto(`${pages.url}tabs-order.html`);
  const spare = await context.newPage();
  await spare.goto(`${other()}tabs-slow.html`);
  const page = await context.newPage();
  await page.goto(`${pages.url}tabs-form.html`);
  const panel = await openPanel(context, extensionId);
  const box = panel.getByRole('textbox', { name: 'Message' });

  // Esc closes the menu and leaves the text.
  await box.fill('');
  await box.pressSequentially('@');
  const menu = panel.getByRole('listbox', { name: 'Mention a tab' });
  await expect(menu).toBeVisible();
  await box.press('Escape');
  await expect(menu).toBeHidden();
  expect(await composerText(box)).toBe('@');

  await box.fill('');
  await box.pressSequentially('Copy the order number from @ord');
  await expect(menu.getByRole('option')).toHaveCount(1);
  await box.press('Backspace');
  await box.press('Backspace');
  await box.press('Backspace');
  // Every open web page is offered with its title and host; the arrows move the active option.
  await expect(menu.getByRole('option', { name: /Order details/ })).toContainText(new URL(pages.url).host);
  await expect(menu.getByRole('option', { name: /Search results/ })).toContainText(new URL(other()).host);
  const active = async () => panel.locator(`#${await box.getAttribute('aria-activedescendant')}`);
  await expect(await active()).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < 4 && !/Order details/.test((await (await active()).textContent()) ?? ''); i++)
    await box.press('ArrowDown');
  await expect(await active()).toContainText('Order details');
  await box.press('Enter');
  await expect(menu).toBeHidden();
  // The tab is a pill where the @word was, in the sentence.
  await expect(box.locator('.mention-pill')).toHaveText('@Order details');
  await expect.poll(() => composerText(box)).toBe('Copy the order number from @Order details ');

  const mentioned = (request: string) => Number(/<tab id=\\"(\d+)\\"/.exec(request)?.[1]);
  planWith(llm, (steps, request) => {
    switch (steps.length) {
      case 0:
        return call('read_page', { tabId: mentioned(request) });
      case 1:
        return call('get_page_state', { tabId: mentioned(request) + 1000 });
      case 2:
        return call('get_page_state');
      case 3:
        return call('type', {
          ref: refOf(lastSnapshot(steps)!, 'Order number'),
          text: /ORD-\d+/.exec(resultOf(steps, 'read_page'))?.[0] ?? 'none',
        });
      case 4:
        return call('click', { key: refOf(lastSnapshot(steps)!, 'Start return') });
      default:
        return { answer: 'Done.' };
    }
  });
  await box.press('Enter');
  await settleRun(panel, () => 'approve');
  const steps = lastSteps(llm);
  expect(resultOf(steps, 'read_page')).toContain('ORD-4821');
  expect(resultOf(steps, 'get_page_state', 0)).toMatch(/^Refused: tab \d+ is not one this run may use/);
  await expect(page.locator('#state')).toHaveText('{"saved":"ORD-4821"}');
  await expect(box.locator('.mention-pill')).toHaveCount(0);
  await expect(panel.locator('.message.user .bubble .mention-pill')).toHaveText('@Order details');
});

test('mentioned tabs stay in the sentence as pills: while written, in the sent message, and named in place for the model', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const orderTab = await context.newPage();
  await orderTab.goto(`${pages.url}tabs-order.html`);
  // A long title: the pill shows it shortened, its tooltip in full.
  const orderTitle = `Order details for ORD-4821, ${'with every line of the order and its returns '.repeat(3).trim()}`;
  await orderTab.evaluate((title) => (document.title = title), orderTitle);
  const searchTab = await context.newPage();
  await searchTab.goto(`${other()}tabs-slow.html`);
  const formTab = await context.newPage();
  await formTab.goto(`${pages.url}tabs-form.html`);
  const panel = await openPanel(context, extensionId);
  const box = panel.getByRole('textbox', { name: 'Message' });
  const menu = panel.getByRole('listbox', { name: 'Mention a tab' });
  const pills = box.locator('.mention-pill');
  const mention = async (typed: string) => {
    await box.pressSequentially(typed);
    await expect(menu.getByRole('option')).toHaveCount(1);
    await box.press('Enter');
    await expect(menu).toBeHidden();
  };

  await mention('Compare @ord');
  await mention('with @ret');
  await expect(pills).toHaveText(['@' + orderTitle, '@Returns form']);
  await expect.poll(() => composerText(box)).toBe(`Compare @${orderTitle} with @Returns form `);
  // Backspace right after a pill takes the whole pill out.
  await box.press('Backspace');
  await box.press('Backspace');
  await expect.poll(() => composerText(box)).toBe(`Compare @${orderTitle} with `);
  await mention('@sea');
  await mention('@ret');
  await expect(pills).toHaveCount(3);
  // So does its ×, and the caret stays where the pill was.
  await pills.last().getByRole('button', { name: 'Remove mention of Returns form' }).click();
  await expect(pills).toHaveText(['@' + orderTitle, '@Search results']);
  await box.pressSequentially('side by side.');
  await expect.poll(() => composerText(box)).toBe(`Compare @${orderTitle} with @Search results side by side. `);
  const first = pills.first();
  await expect(first).toHaveAttribute('title', orderTitle);
  expect(await first.locator('.mention-pill-label').evaluate((l) => l.scrollWidth > l.clientWidth)).toBe(true);
  await lookAt(panel, 'mention-pills-composer');

  llm.enqueue({ text: ['Compared.'] });
  await box.press('Enter');
  await expect(panel.locator('.message.assistant').last()).toHaveAttribute('data-status', 'complete');
  await expect(pills).toHaveCount(0);
  // The sent message shows the pills where they were written.
  const bubble = panel.locator('.message.user .bubble');
  await expect(bubble).toHaveText(`Compare @${orderTitle} with @Search results side by side.`);
  await lookAt(panel, 'mention-pills-sent');
  expect(
    await bubble.evaluate((b) =>
      [...b.childNodes].map((n) => (n instanceof HTMLElement ? `[${n.title}]` : n.textContent)),
    ),
  ).toEqual(['Compare ', `[${orderTitle}]`, ' with ', '[Search results]', ' side by side.']);

  // The model reads the sentence with each tab named where it stands, by the id its tab tools take, and both
  // tabs are attached as before (the mentioned-tabs block).
  const sent = chatRequests(llm).at(-1)!.body as { messages: { role: string; content: unknown }[] };
  const last = sent.messages.filter((m) => m.role === 'user').at(-1)!.content;
  const user = typeof last === 'string' ? last : (last as { text?: string }[]).map((p) => p.text ?? '').join('\n');
  const idOf = (title: string) =>
    [...user.matchAll(/<tab id="(\d+)" title="([^"]*)"/g)].find((m) => m[2] === title)?.[1];
  const orderId = idOf(orderTitle);
  const searchId = idOf('Search results');
  expect(orderId).toMatch(/^\d+$/);
  expect(searchId).toMatch(/^\d+$/);
  expect(user).toContain(`Compare @tab ${orderId} with @tab ${searchId} side by side.`);
  // The titles are page text: only inside the mentioned-tabs block, never in the user's sentence.
  expect(user).not.toContain(`@${orderTitle}`);
  // The pill taken out is not a mention.
  expect(idOf('Returns form')).toBeUndefined();
});
