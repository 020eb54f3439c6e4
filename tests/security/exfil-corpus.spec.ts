/**
 * The exfiltration/XSS corpus through the built extension: a compromised model answers with every vector and
 * nothing may leave the browser, run, or render as an unsafe link or a control the panel did not draw.
 */
import { addFakeProvider, assistantMessages, expect, openPanel, sendChat, test } from '../e2e/fixtures';
import { EXFIL_VECTORS } from './exfil-corpus';
import { countExfil, runExfilCorpus } from './run-exfil-corpus';

test('no answer in the corpus makes a request, runs script or renders unsafe markup', async ({
  context,
  extensionId,
  llm,
}) => {
  test.setTimeout(120_000);
  expect(EXFIL_VECTORS.length).toBeGreaterThanOrEqual(80);
  const report = await runExfilCorpus({ context, extensionId, llm });
  expect(report.notRendered, 'vectors that swallowed the ones after them').toEqual([]);
  expect(report.requests, 'requests made by rendering answers').toEqual([]);
  expect(report.xss, 'vectors whose script ran').toEqual([]);
  expect(report.unsafeMarkup, 'unsafe markup in rendered answers').toEqual([]);
  expect(report.cspViolations, 'loads only the CSP stopped (the sanitiser should have)').toEqual([]);
  expect(countExfil(report)).toEqual({ cases: EXFIL_VECTORS.length, exfilRequests: 0, xssExecutions: 0 });
  // The witnesses can see: the fake LLM's own traffic went through the same Fetch interception.
  expect(llm.requests.length).toBeGreaterThan(0);
});

test('links show their host, and a link carrying data asks before it is followed', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm, 'm');
  const leak = `${llm.url}/leak?d=${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjQy'.repeat(3)}`;
  llm.enqueue({
    text: [
      'See [the docs](https://docs.example.org/guide) and ',
      `[your report](${leak}).\n\n`,
      '```sh\nnpm test\n```\n',
    ],
  });
  const panel = await openPanel(context, extensionId);
  await sendChat(panel, 'hi');
  const answer = assistantMessages(panel).last();
  await expect(answer).toHaveAttribute('data-status', 'complete');

  const docs = answer.getByRole('link', { name: /the docs/ });
  expect(await docs.evaluate((a) => getComputedStyle(a, '::after').content)).toContain('docs.example.org');
  await expect(docs).toHaveAttribute('title', 'https://docs.example.org/guide');
  await expect(docs).not.toHaveAttribute('data-suspicious', /./);

  const report = answer.getByRole('link', { name: /your report/ });
  await expect(report).toHaveAttribute('data-suspicious', /encoded data|characters of query data/);
  expect(await report.evaluate((a) => getComputedStyle(a, '::after').content)).toContain('127.0.0.1');
  const pagesBefore = context.pages().length;
  await report.click();
  const dialog = panel.getByRole('dialog', { name: 'Open this link?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.link-confirm-url')).toHaveText(leak);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await panel.waitForTimeout(300);
  expect(context.pages().length).toBe(pagesBefore);
  expect(llm.requests.some((r) => r.path === '/leak')).toBe(false);
  // Escape cancels too.
  await report.click();
  await expect(dialog).toBeVisible();
  await panel.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(context.pages().length).toBe(pagesBefore);
  // Confirmed, it opens in a new tab without opener or referrer.
  await report.click();
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open link' }).click();
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(leak);
  expect(await tab.evaluate(() => [window.opener, document.referrer])).toEqual([null, '']);
  await tab.close();

  // The Copy button is the panel's, outside the sanitised answer HTML, and still copies.
  await expect(answer.getByRole('button', { name: 'Copy' })).toBeVisible();
  const copy = answer.locator('.code-block > .code-bar > button.copy');
  // Headless Chromium's clipboard waits for a focus it never gets: record what is written instead.
  await panel.evaluate(() => {
    const w = window as unknown as { __copied: string[] };
    w.__copied = [];
    navigator.clipboard.writeText = async (text: string) => void w.__copied.push(text);
  });
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await panel.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual(['npm test']);
});
