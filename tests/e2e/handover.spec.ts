/**
 * Handing over to the user, end to end through the built extension: a password typed on the approval card
 * reaches the page and nothing else (no model request, no IndexedDB store, no chrome.storage area, no
 * export, no card), and ask_user pauses a run that survives the worker being killed.
 */
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import { loginWithPassword } from '../fixtures/tasks/handover/login-with-password';
import {
  addFakeProvider,
  addProvider,
  assistantMessages,
  callBackground,
  chatRequests,
  expect,
  killServiceWorker,
  openPanel,
  sendChat,
  test,
} from './fixtures';
import { runGalleryTask } from './run-gallery-task';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => {
  await pages?.close();
});

/** Every record of every IndexedDB database of the extension's origin, as text. */
async function dumpIndexedDb(extPage: Page): Promise<string> {
  return extPage.evaluate(async () => {
    const out: string[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        out.push(`${info.name}/${store}: ${JSON.stringify(rows)}`);
      }
      db.close();
    }
    return out.join('\n');
  });
}

test('a password typed on the card reaches the page, and no model request, store, export or card', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const secret = loginWithPassword.userSecrets!.Password!;
  const outcome = await runGalleryTask(loginWithPassword, { context, extensionId, llm, extPage, pagesUrl: pages.url });
  expect(outcome.ok).toBe(true);
  // The page learnt it through its own input listener and got it on submit.
  await expect(outcome.page.locator('#state')).toContainText('"passwordTyped":true');
  expect(await outcome.page.evaluate(() => window.loginAttempt?.password)).toBe(secret);

  const bodies = llm.requests.map((r) => JSON.stringify(r.body ?? null));
  expect(bodies.length).toBeGreaterThanOrEqual(4);
  for (const body of bodies) expect(body).not.toContain(secret);
  // The model saw the field as write-only and read only that the user typed it.
  const last = chatRequests(llm).at(-1)!;
  expect(JSON.stringify(last.body)).toContain('writeOnly');
  expect(JSON.stringify(last.body)).toContain('The user typed the password on the approval card');

  const stores = await dumpIndexedDb(extPage);
  expect(stores).toContain('fill_password'); // the dump did read the run's journal
  expect(stores).not.toContain(secret);
  const storage = await extPage.evaluate(async () =>
    JSON.stringify([
      await chrome.storage.local.get(null),
      await chrome.storage.session.get(null),
      await chrome.storage.sync.get(null),
    ]),
  );
  expect(storage).not.toContain(secret);
  const exported = JSON.stringify(await callBackground<unknown>(extPage, 'data.export', {}));
  expect(exported).toContain('fill_password');
  expect(exported).not.toContain(secret);

  // Reopened, the card says who typed it, masked.
  const panel = await openPanel(context, extensionId);
  const card = panel.locator('.tool-card[data-tool="fill_password"]');
  await expect(card.locator('.decision')).toHaveText('•••• typed by you');
  expect(await panel.locator('body').innerText()).not.toContain(secret);
  expect(await panel.content()).not.toContain(secret);
});

test('ask_user pauses the run with a "Your turn" card that survives the worker being killed; Continue resumes it with the note', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  llm.enqueue(
    {
      toolCalls: [
        { name: 'ask_user', arguments: JSON.stringify({ question: 'Sign in to the bank, then press Continue' }) },
      ],
    },
    { text: ['Thanks, carrying on.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Check my balance');
  const card = () => assistantMessages(panel).last().locator('.tool-card[data-tool="ask_user"]');
  await expect(card().locator('.approval .preview')).toHaveText(/Your turn: Sign in to the bank, then press Continue/);
  await expect(card().getByRole('button', { name: 'Stop' })).toBeVisible();

  await killServiceWorker(context, panel);
  await panel.waitForTimeout(500);
  await expect(card()).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 15_000 });
  await expect(card().locator('.approval .preview')).toHaveText(/Your turn: Sign in to the bank/);
  expect(chatRequests(llm)).toHaveLength(1);

  await card().getByLabel('Note for the assistant (optional)').fill('signed in as ada');
  await card().getByRole('button', { name: 'Continue' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 15_000 });
  await expect(assistantMessages(panel).last()).toContainText('Thanks, carrying on.');
  await expect(card().locator('.decision')).toHaveText('You continued');
  const requests = chatRequests(llm);
  expect(requests).toHaveLength(2);
  const tool = (requests[1]!.body as { messages: { role: string; content: string }[] }).messages.find(
    (m) => m.role === 'tool',
  );
  expect(tool?.content).toMatch(/The user pressed Continue[\s\S]*The user's note: signed in as ada/);
});

test('Stop on the ask_user card ends the run', async ({ context, extensionId, llm, extPage }) => {
  await addFakeProvider(extPage, llm);
  llm.enqueue(
    {
      toolCalls: [
        { name: 'ask_user', arguments: JSON.stringify({ question: 'Solve the CAPTCHA, then press Continue' }) },
      ],
    },
    { text: ['Never sent.'] },
  );
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'Download the statement');
  const card = assistantMessages(panel).last().locator('.tool-card[data-tool="ask_user"]');
  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'stopped', { timeout: 15_000 });
  await panel.waitForTimeout(300);
  expect(chatRequests(llm)).toHaveLength(1);
});

/** The PNG the model was sent with the screenshot result (the OpenAI user message after the tool message). */
function sentScreenshot(llm: import('../fake-llm').FakeLlm): PNG {
  const messages = (chatRequests(llm).at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages;
  const parts = messages.flatMap((m) => (m.role === 'user' && Array.isArray(m.content) ? m.content : [])) as {
    type: string;
    image_url?: { url: string };
  }[];
  const url = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
  expect(url).toMatch(/^data:image\/png;base64,/);
  return PNG.sync.read(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64'));
}

/** The distinct colours of the image inside `box` (CSS pixels, scaled by `scale`), shrunk by `inset`. */
function coloursIn(
  png: PNG,
  box: { x: number; y: number; width: number; height: number },
  scale: number,
  inset: number,
): Set<string> {
  const colours = new Set<string>();
  for (let y = Math.ceil((box.y + inset) * scale); y < Math.floor((box.y + box.height - inset) * scale); y++) {
    for (let x = Math.ceil((box.x + inset) * scale); x < Math.floor((box.x + box.width - inset) * scale); x++) {
      const i = (png.width * y + x) * 4;
      colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`);
    }
  }
  return colours;
}

test('screenshot: the model gets a PNG of the visible tab with the password field painted over, and the page keeps no mask', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${pages.url}login.html`);
  await page.locator('input[name="password"]').fill('hunter2hunter2');
  await page.locator('input[name="username"]').fill('ada');
  llm.enqueue(
    { toolCalls: [{ name: 'get_page_state', arguments: '{}' }] },
    { toolCalls: [{ name: 'screenshot', arguments: JSON.stringify({ refs: true }) }] },
    { text: ['It is a sign-in form.'] },
  );
  const panel = await openPanel(context, extensionId);
  // The panel acts on the tab on screen: the login page, brought to the front as a person would look at it.
  await page.bringToFront();
  await sendChat(panel, 'What does this page look like?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });

  const png = sentScreenshot(llm);
  const scale = png.width / (await page.evaluate(() => innerWidth));
  const password = (await page.locator('input[name="password"]').boundingBox())!;
  const username = (await page.locator('input[name="username"]').boundingBox())!;
  const heading = (await page.locator('h1').boundingBox())!;
  expect(coloursIn(png, password, scale, 4)).toEqual(new Set(['0,0,0']));
  // Not a black image: the heading's text and the username's value are drawn as they are.
  expect(coloursIn(png, heading, scale, 0).size).toBeGreaterThan(2);
  expect(coloursIn(png, username, scale, 4).size).toBeGreaterThan(2);
  const tool = (chatRequests(llm).at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages.find(
    (m) => m.role === 'tool' && String(m.content).startsWith('Screenshot'),
  );
  expect(String(tool?.content)).toMatch(/1 password, card or one-time-code field covered in black; \d+ refs drawn/);
  // Gone right after the capture.
  await expect(page.locator('[data-tabwise-screenshot]')).toHaveCount(0);
  await expect(panel.locator('.tool-card[data-tool="screenshot"] img.screenshot-thumb')).toBeVisible();
});

test('screenshot of a tab that is not on screen fails with a clear error, and leaves no mask', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${pages.url}login.html`);
  llm.enqueue({ toolCalls: [{ name: 'screenshot', arguments: '{}' }] }, { text: ['Could not see it.'] });
  // The panel's own tab is the one on screen; the run acts on the login page, the only web page, behind it.
  const panel = await openPanel(context, extensionId);
  await panel.bringToFront();
  await sendChat(panel, 'Look at the page');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  const tool = (chatRequests(llm).at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages.find(
    (m) => m.role === 'tool',
  );
  expect(String(tool?.content)).toMatch(/not the visible tab of its window/);
  await expect(page.locator('[data-tabwise-screenshot]')).toHaveCount(0);
});

test('screenshot for a model whose server refuses images: the call goes again without the image, and the answer completes', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  type Body = { messages: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] };
  const imageParts = (body: unknown) =>
    (body as Body).messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter((p: { type?: string }) => p.type === 'image_url');
  const toolNames = (body: unknown) => ((body as Body).tools ?? []).map((t) => t.function.name);
  // An OpenAI-compatible server whose model (unknown to the catalog) takes no images, as gpt-3.5-turbo answers.
  llm.rejectImages('Invalid content type. image_url is only supported by certain models.');
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Local',
    baseUrl: llm.openaiBaseUrl,
    model: 'tinyllm-text',
  });
  const page = await context.newPage();
  await page.goto(`${pages.url}login.html`);
  llm.enqueue(
    { toolCalls: [{ name: 'screenshot', arguments: '{}' }] },
    { text: ['It is a sign-in ', 'form.'] },
    { text: ['Still the sign-in form.'] },
  );
  const panel = await openPanel(context, extensionId);
  await page.bringToFront();
  await sendChat(panel, 'What does this page look like?');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('It is a sign-in form.');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // The user still sees what was captured.
  await expect(answer.locator('.tool-card[data-tool="screenshot"] img.screenshot-thumb')).toBeVisible();

  const sent = chatRequests(llm, '/v1/chat/completions');
  expect(sent).toHaveLength(3);
  expect(toolNames(sent[0]!.body)).toContain('screenshot');
  // Refused with the image; sent again with the screenshot as text, and without the tool.
  expect(imageParts(sent[1]!.body)).toHaveLength(1);
  expect(imageParts(sent[2]!.body)).toHaveLength(0);
  const tool = (sent[2]!.body as Body).messages.find((m) => m.role === 'tool');
  expect(String(tool?.content)).toMatch(/^Error: this model does not accept images/);
  expect(toolNames(sent[2]!.body)).toContain('get_page_state');
  expect(toolNames(sent[2]!.body)).not.toContain('screenshot');

  // The next message of the conversation starts that way: one request, no refused one first.
  await sendChat(panel, 'And now?');
  await expect(assistantMessages(panel).last()).toContainText('Still the sign-in form.', { timeout: 20_000 });
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const after = chatRequests(llm, '/v1/chat/completions');
  expect(after).toHaveLength(4);
  expect(imageParts(after[3]!.body)).toHaveLength(0);
  expect(toolNames(after[3]!.body)).not.toContain('screenshot');
});
