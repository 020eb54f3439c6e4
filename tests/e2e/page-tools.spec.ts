/**
 * The page tools end to end: the built extension, the fixture pages (real React, Vue, Svelte, imask) on
 * 127.0.0.1, runs scripted by the fake LLM, approvals and undo clicked in the side panel (opened in a tab;
 * it attaches to the most recently active web page of its window). Assertions read each framework's own
 * state JSON, and what the fake LLM received back as tool results.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
  toolCard,
} from './fixtures';
import { sharedFormExpectedState, sharedFormUpdates } from '../fixtures/pages/shared-form-fill';
import { unwrapUntrusted } from '../security/untrusted-block';

const updates = sharedFormUpdates;
const expectedState = sharedFormExpectedState;

type State = Record<string, unknown>;

/** Age is a number input: frameworks keep it as a number or a string, and empty as '' or null (Svelte). */
const normalised = (s: State) => ({ ...s, age: s.age === undefined ? undefined : String(s.age ?? '') });

/** The result of the latest `toolName` call as the model received it (the OpenAI wire: role "tool" messages). */
function toolResult(llm: FakeLlm, toolName: string): string {
  const requests = chatRequests(llm, '/v1/chat/completions');
  for (const req of [...requests].reverse()) {
    const messages = (
      req.body as {
        messages: {
          role: string;
          content?: unknown;
          tool_call_id?: string;
          tool_calls?: { id: string; function: { name: string } }[];
        }[];
      }
    ).messages;
    const names = new Map(messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name]));
    const found = messages.filter((m) => m.role === 'tool' && names.get(m.tool_call_id ?? '') === toolName).at(-1);
    // Page text comes back inside its untrusted-content block; the tests read what is inside.
    if (found)
      return unwrapUntrusted(typeof found.content === 'string' ? found.content : JSON.stringify(found.content));
  }
  throw new Error(`the model never received a result of ${toolName}`);
}

const finished = (panel: Page) => expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

for (const name of ['react', 'vue', 'svelte', 'plain', 'shadow', 'iframe'] as const) {
  test(`${name}: a run fills every field type after approval, the framework sees it, and Undo restores it`, async ({
    fixturePages,
    llm,
  }) => {
    const { state, panel } = await fixturePages.setUp(name);
    const before = await state();
    llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates }), { text: ['Filled.'] });
    await sendChat(panel, 'Fill in the signup form for Ada');

    const fill = toolCard(panel, 'fill_form');
    const table = fill.locator('.approval table');
    await expect(table.locator('tr[data-key="fullName"] td')).toHaveText(['Full name', '(empty) → Ada Lovelace']);
    await expect(table.locator('tr[data-key="newsletter"] td')).toHaveText([
      'Send me the newsletter',
      'unchecked → checked',
    ]);
    await expect(table.locator('.fill-group-head')).toContainText(['About you']);
    expect(normalised(await state())).toEqual(normalised(before));
    await fill.getByRole('button', { name: 'Approve' }).click();
    await finished(panel);

    await expect.poll(async () => normalised(await state())).toMatchObject({ ...expectedState, age: '36' });
    const snapshot = JSON.parse(toolResult(llm, 'get_form_state')) as { fields: { key: string }[] };
    expect(snapshot.fields.map((f) => f.key)).toEqual(expect.arrayContaining(Object.keys(updates)));
    expect(snapshot.fields.some((f) => /password|website/i.test(f.key))).toBe(false);
    const result = JSON.parse(toolResult(llm, 'fill_form')) as {
      written: { key: string }[];
      ignored: { key: string }[];
      failed: unknown[];
    };
    expect(result.failed).toEqual([]);
    expect(result.written.map((w) => w.key).sort()).toEqual(Object.keys(updates).sort());
    expect(result.ignored).toEqual([]);

    await fill.getByRole('button', { name: 'Undo this fill' }).click();
    await expect.poll(async () => normalised(await state())).toEqual(normalised(before));
  });
}

test('masked inputs (imask): the mask formats what the run writes, and Undo clears it', async ({
  fixturePages,
  llm,
}) => {
  const { state, panel } = await fixturePages.setUp('masked');
  llm.enqueue(
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { phone: '+1 555 123 4567', start: '05.03.2024' } }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Fill the phone and the start date');
  await toolCard(panel, 'fill_form').getByRole('button', { name: 'Approve' }).click();
  await finished(panel);
  await expect.poll(state).toMatchObject({
    phone: '+1 (555) 123-4567',
    phoneDigits: '15551234567',
    start: '05.03.2024',
    startComplete: true,
  });
  expect(JSON.parse(toolResult(llm, 'fill_form'))).toMatchObject({
    written: [
      { key: 'phone', value: '+1 (555) 123-4567' },
      { key: 'start', value: '05.03.2024' },
    ],
    failed: [],
  });
  await toolCard(panel, 'fill_form').getByRole('button', { name: 'Undo this fill' }).click();
  await expect.poll(state).toMatchObject({ phone: '', start: '' });
});

test('a password in a fill is refused before any card; so is a fill naming fields the snapshot never listed (admin, website); nothing on the page changes', async ({
  fixturePages,
  llm,
}) => {
  const { state, panel, page } = await fixturePages.setUp('react');
  const before = await state();
  llm.enqueue(
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { admin: true, password: 'hunter2', website: 'http://spam.example' } }),
    toolCall('fill_form', { updates: { admin: true, website: 'http://spam.example' } }),
    { text: ['Nothing to fill.'] },
  );
  await sendChat(panel, 'Make me an admin');
  // Neither fill shows a card: the model may not write a password, nor fields it was never shown.
  await finished(panel);
  await expect(toolCard(panel, 'fill_form')).toHaveCount(2);
  await expect(toolCard(panel, 'fill_form').locator('.approval')).toHaveCount(0);
  const requests = chatRequests(llm, '/v1/chat/completions');
  const toolMessages = (requests.at(-1)!.body as { messages: { role: string; content?: unknown }[] }).messages
    .filter((m) => m.role === 'tool')
    .map((m) => String(m.content));
  expect(toolMessages.some((m) => /"password" is a password field: you never type or see passwords/.test(m))).toBe(
    true,
  );
  expect(toolResult(llm, 'fill_form')).toMatch(
    /^fill_form refused: "admin", "website" are not a field the last page snapshot of this tab listed, so the user was not asked/,
  );
  expect(await state()).toEqual(before);
  expect(await page.locator('input[type="password"]').inputValue()).toBe('');
  expect(await page.locator('input[name="website"]').inputValue()).toBe('');
});

test('Deny leaves the page untouched and tells the model', async ({ fixturePages, llm }) => {
  const { state, panel } = await fixturePages.setUp('vue');
  const before = await state();
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates }), { text: ['Understood.'] });
  await sendChat(panel, 'Fill the form');
  await toolCard(panel, 'fill_form').getByRole('button', { name: 'Deny' }).click();
  await finished(panel);
  expect(toolResult(llm, 'fill_form')).toMatch(/denied by the user/);
  expect(await state()).toEqual(before);
});

test('"Always allow on this site" applies the next fill on that site without a card', async ({ fixturePages, llm }) => {
  const { state, panel } = await fixturePages.setUp('svelte');
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { fullName: 'Ada Lovelace' } }), {
    text: ['One.'],
  });
  await sendChat(panel, 'Fill my name');
  await toolCard(panel, 'fill_form').getByRole('button', { name: 'Always allow on this site' }).click();
  await finished(panel);
  await expect.poll(state).toMatchObject({ fullName: 'Ada Lovelace' });

  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { email: 'ada@example.com' } }), {
    text: ['Two.'],
  });
  await sendChat(panel, 'Now my email');
  await expect(assistantMessages(panel)).toHaveCount(2);
  await finished(panel);
  await expect.poll(state).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.com' });
  const second = toolCard(panel, 'fill_form').last();
  await expect(second).toHaveAttribute('data-status', 'done');
  await expect(second.locator('.approval')).toHaveCount(0);
});

test('click and submit_form each wait for approval; the multi-step form is completed', async ({
  fixturePages,
  llm,
}) => {
  const { state, panel } = await fixturePages.setUp('multistep');
  llm.enqueue(
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { first: 'Grace' } }),
    toolCall('click', { key: 'next' }),
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { topic: 'Support', message: 'Hello' } }),
    toolCall('submit_form', { form: 'wizard' }),
    { text: ['Sent.'] },
  );
  await sendChat(panel, 'Send a support message as Grace');
  await toolCard(panel, 'fill_form').first().getByRole('button', { name: 'Approve' }).click();

  const click = toolCard(panel, 'click');
  await expect(click.locator('.approval .preview')).toContainText('key: next');
  expect(await state()).toMatchObject({ step: 1, first: 'Grace' });
  // Clicking and submitting are asked every time: there is no "always allow" for them.
  await expect(click.getByRole('button', { name: 'Deny' })).toBeVisible();
  await expect(click.getByRole('button', { name: 'Always allow on this site' })).toHaveCount(0);
  await click.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(state).toMatchObject({ step: 2 });

  await toolCard(panel, 'fill_form').last().getByRole('button', { name: 'Approve' }).click();
  const submit = toolCard(panel, 'submit_form');
  await expect(submit.locator('.approval .preview')).toContainText('form: wizard');
  expect(await state()).toMatchObject({ topic: 'support', message: 'Hello' });
  expect((await state()).submitted).toBeFalsy();
  await expect(submit.getByRole('button', { name: 'Always allow on this site' })).toHaveCount(0);
  await submit.getByRole('button', { name: 'Approve' }).click();
  await finished(panel);
  await expect
    .poll(state)
    .toMatchObject({ step: 2, first: 'Grace', topic: 'support', message: 'Hello', submitted: true });
});

test('read_page through a run gives the model the visible text and none of the hidden text', async ({
  fixturePages,
  llm,
}) => {
  const { panel } = await fixturePages.setUp('article', { ready: 'data-ready' });
  llm.enqueue(toolCall('read_page'), { text: ['It is about bridges.'] });
  await sendChat(panel, 'What is this page about?');
  await finished(panel);
  const reading = JSON.parse(toolResult(llm, 'read_page')) as { title: string; markdown: string };
  expect(reading.title).toBe('The bridges of Riverton');
  expect(reading.markdown).toContain('Visible sentence before the hidden ones.');
  expect(reading.markdown).toContain('Visible sentence after the hidden ones.');
  expect(reading.markdown).toContain('| 2022 | Iron Span | 3400 |');
  expect(reading.markdown).not.toContain('HIDDEN-');
});

test('fill_form without a snapshot in the run is told to call get_page_state first, with no card', async ({
  fixturePages,
  llm,
}) => {
  const { state, panel } = await fixturePages.setUp('plain');
  const before = await state();
  llm.enqueue(toolCall('fill_form', { updates: { fullName: 'Ada' } }), { text: ['Oops.'] });
  await sendChat(panel, 'Fill my name');
  // Nothing was listed yet, so there is nothing the user could be asked about.
  await finished(panel);
  await expect(toolCard(panel, 'fill_form').locator('.approval')).toHaveCount(0);
  expect(toolResult(llm, 'fill_form')).toMatch(/call get_page_state first/);
  expect(await state()).toEqual(before);
});

test('a fill approved after the page reloaded is reported as navigated, not applied to the new page', async ({
  fixturePages,
  llm,
}) => {
  const { state, panel, page } = await fixturePages.setUp('react');
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { fullName: 'Ada Lovelace' } }), {
    text: ['The page changed.'],
  });
  await sendChat(panel, 'Fill my name');
  const fill = toolCard(panel, 'fill_form');
  await expect(fill.getByRole('button', { name: 'Approve' })).toBeVisible();
  await page.reload();
  await expect(page.locator('#state')).not.toBeEmpty();
  await fill.getByRole('button', { name: 'Approve' }).click();
  await finished(panel);
  expect(toolResult(llm, 'fill_form')).toMatch(/navigated/);
  expect(await state()).toMatchObject({ fullName: '' });
});

test('a fill approved after its tab was closed is reported as tab-closed', async ({ fixturePages, llm }) => {
  const { panel, page } = await fixturePages.setUp('plain');
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { fullName: 'Ada Lovelace' } }), {
    text: ['The tab is gone.'],
  });
  await sendChat(panel, 'Fill my name');
  const fill = toolCard(panel, 'fill_form');
  await expect(fill.getByRole('button', { name: 'Approve' })).toBeVisible();
  await page.close();
  await fill.getByRole('button', { name: 'Approve' }).click();
  await finished(panel);
  expect(toolResult(llm, 'fill_form')).toMatch(/tab was closed/);
});

test('the worker may die between the snapshot and the approved fill: the fill still applies', async ({
  fixturePages,
  context,
  llm,
  extPage,
}) => {
  const { state, panel } = await fixturePages.setUp('vue');
  llm.enqueue(toolCall('get_form_state'), toolCall('fill_form', { updates: { fullName: 'Ada Lovelace' } }), {
    text: ['Filled.'],
  });
  await sendChat(panel, 'Fill my name');
  const fill = toolCard(panel, 'fill_form');
  await expect(fill.getByRole('button', { name: 'Approve' })).toBeVisible();
  // Stopped as Chrome does when idle, then woken by a message, as any event would.
  const cdp = await context.newCDPSession(panel);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await callBackground(extPage, 'settings.get', {});
  await panel.waitForTimeout(1000);
  await fill.getByRole('button', { name: 'Approve' }).click();
  await finished(panel);
  await expect.poll(state).toMatchObject({ fullName: 'Ada Lovelace' });
  expect(JSON.parse(toolResult(llm, 'fill_form'))).toMatchObject({
    written: [{ key: 'fullName', value: 'Ada Lovelace' }],
  });
});

test('fields inside a cross-origin iframe are never in the snapshot, so they can never be filled or clicked', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  // Both documents come from Playwright's router (the tab's own, which closes with it: the shared browser stays as it
  // was for the next test): the frame is another site than the page around it.
  await page.route('http://outer.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Outer</title><label>Outer name <input name="outer"></label><iframe id="x" src="http://inner.example/form.html" style="width:600px;height:300px"></iframe>',
    }),
  );
  await page.route('http://inner.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<form><label>Inner name <input name="inner"></label><button type="button" onclick="document.title=\'clicked\'">Inner go</button></form>',
    }),
  );
  await page.goto('http://outer.example/page.html');
  const inner = page.frameLocator('#x');
  await expect(inner.locator('input[name="inner"]')).toBeVisible();
  const panel = await openPanel(context, extensionId);
  llm.enqueue(
    toolCall('get_form_state'),
    toolCall('fill_form', { updates: { outer: 'A', inner: 'B' } }),
    toolCall('click', { key: 'inner-go' }),
    { text: ['Done.'] },
  );
  await sendChat(panel, 'Fill the names');
  await finished(panel);
  const snapshot = JSON.parse(toolResult(llm, 'get_form_state')) as { fields: { key: string }[]; buttons: unknown[] };
  expect(snapshot.fields.map((f) => f.key)).toEqual(['outer']);
  expect(snapshot.buttons).toEqual([]);
  // Keys the snapshot never listed are refused before any card: the user is not asked about them.
  await expect(panel.locator('.tool-card .approval')).toHaveCount(0);
  expect(toolResult(llm, 'fill_form')).toMatch(
    /fill_form refused: "inner" is not a field the last page snapshot of this tab listed/,
  );
  expect(toolResult(llm, 'click')).toMatch(
    /click refused: "inner-go" is not an element the last page snapshot of this tab listed/,
  );
  expect(await inner.locator('input[name="inner"]').inputValue()).toBe('');
  expect(
    await page
      .frames()
      .find((f) => f.url().startsWith('http://inner.example/'))!
      .evaluate(() => document.title),
  ).toBe('');
});

test('a frame without the page reader gets it injected by the first read_page, which then reads the page', async ({
  fixturePages,
  context,
  llm,
}) => {
  const { page, panel } = await fixturePages.setUp('article', { ready: 'data-ready' });
  const worker = context.serviceWorkers()[0]!;
  // Nothing of Tabwise is in the page before a run acts on it; removing a reader from the frame's isolated
  // world (in case anything loaded one) leaves the frame as a first read_page finds it.
  const readerLoaded = (remove: boolean) =>
    worker.evaluate(
      async ({ url, remove }) => {
        const [tab] = await chrome.tabs.query({ url });
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: tab!.id!, frameIds: [0] },
          args: [remove],
          func: (drop: boolean) => {
            if (drop) delete (globalThis as { tabwisePageReader?: unknown }).tabwisePageReader;
            return typeof (globalThis as { tabwisePageReader?: unknown }).tabwisePageReader === 'function';
          },
        });
        return result!.result;
      },
      { url: page.url(), remove },
    );
  expect(await readerLoaded(true)).toBe(false);
  llm.enqueue(toolCall('read_page'), { text: ['Bridges.'] });
  await sendChat(panel, 'What is this page about?');
  await finished(panel);
  expect(JSON.parse(toolResult(llm, 'read_page'))).toMatchObject({ title: 'The bridges of Riverton' });
  expect(await readerLoaded(false)).toBe(true);
});

test('a frame without the page agent gets it injected, and the tool call goes through', async ({
  fixturePages,
  context,
  llm,
}) => {
  const { page, panel } = await fixturePages.setUp('article', { ready: 'data-ready' });
  // No script of Tabwise runs in a page until a run acts on it: the tab has no receiver, as a tab opened
  // before install or after an update has none.
  const worker = context.serviceWorkers()[0]!;
  const probe = () =>
    worker.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const message = { tabwise: 'page', name: 'read_page', data: { runId: 'probe', toolCallId: 'probe', args: {} } };
      return chrome.tabs.sendMessage(tab!.id!, message, { frameId: 0 }).then(
        () => 'answered',
        (e: unknown) => String(e),
      );
    }, page.url());
  expect(await probe()).toMatch(/Receiving end does not exist/);
  llm.enqueue(toolCall('read_page'), { text: ['Bridges.'] });
  await sendChat(panel, 'What is this page about?');
  await finished(panel);
  expect(JSON.parse(toolResult(llm, 'read_page'))).toMatchObject({ title: 'The bridges of Riverton' });
  expect(await probe()).toBe('answered');
});
