/**
 * The rule that lets the extension reach local model servers without flags must not open them to web pages:
 * it removes the Origin header only from requests the extension itself starts, only to a saved loopback base URL.
 */
import { addProvider, expect, test } from '../e2e/fixtures';
import { serveStatic } from '../harness/serve-static';

test("a web page's request to the local server keeps its Origin (the rule is the extension's alone), and only loopback base URLs get a rule", async ({
  context,
  llm,
  extPage,
}) => {
  await addProvider(extPage, { kind: 'openai-compatible', name: 'Local', baseUrl: llm.openaiBaseUrl, model: 'm' });
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Cloud',
    baseUrl: 'https://api.example.com/v1',
    model: 'm',
  });
  const rules = await extPage.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
  expect(rules.map((r) => r.condition.urlFilter)).toEqual([`|${llm.openaiBaseUrl}/`]);

  const site = await serveStatic({ '/': '<!doctype html><title>Hostile</title><p>hi</p>' });
  try {
    const page = await context.newPage();
    const pageOrigin = `http://localhost:${site.port}`;
    await page.goto(`${pageOrigin}/`);
    // The page calls the local model server as a drive-by would (the response is opaque to it either way).
    await page.evaluate(async (url) => {
      await fetch(url, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
        body: '{"model":"m","messages":[]}',
      }).catch(() => undefined);
    }, `${llm.openaiBaseUrl}/chat/completions`);
    await expect
      .poll(() => llm.requests.filter((r) => r.method === 'POST' && r.headers.origin === pageOrigin).length)
      .toBe(1);
  } finally {
    await site.close();
  }
});
