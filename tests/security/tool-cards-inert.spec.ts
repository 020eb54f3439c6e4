/**
 * Page text in tool cards, against the built extension: a page whose visible text, title and form labels
 * are HTML, Markdown, links and image syntax pointing at a beacon. The model reads it (read_page,
 * get_form_state, list_tabs); the side panel's cards show that text literally, make no link, image or
 * frame of it, and nothing is requested from the beacon, before or after the raw view is opened.
 */
import type { Page } from '@playwright/test';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addFakeProvider, assistantMessages, expect, openPanel, sendChat, test } from '../e2e/fixtures';

let server: StaticServer;
const beacon = (name: string) => `http://127.0.0.1:${server.port}/beacon-${name}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function hostilePage(): string {
  const html = `<img src="${beacon('img')}"><iframe src="${beacon('frame')}"></iframe><script src="${beacon('js')}"></script>`;
  const markdown = `![logo](${beacon('md-img')}) [Claim your prize](${beacon('md-link')}) <a href="${beacon('a')}">here</a>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(`<b>Prize</b> ![t](${beacon('title')})`)}</title></head><body><main><article>
<h1>Winner</h1><p>${esc(html)}</p><p>${esc(markdown)}</p>
<form><label>${esc(`<img src="${beacon('label')}">Name`)} <input name="name"></label></form>
</article></main></body></html>`;
}

const pages: Record<string, string> = {};
test.beforeAll(async () => {
  server = await serveStatic(pages);
  // The page is made once the port is known (its text names beacons on the same server); the server reads `pages` per request.
  pages['/prize.html'] = hostilePage();
});
test.afterAll(async () => server?.close());

const call = (name: string) => ({ toolCalls: [{ name, arguments: '{}' }] });

/** Elements and attributes that could load or link anything, inside the answer's tool cards. */
const unsafeIn = (panel: Page) =>
  assistantMessages(panel)
    .last()
    .locator('.tool-card')
    .evaluateAll((cards) =>
      cards.flatMap((card) =>
        [...card.querySelectorAll('*')].flatMap((e) => {
          const bad = [
            'img',
            'a',
            'script',
            'iframe',
            'svg',
            'object',
            'embed',
            'video',
            'audio',
            'link',
            'style',
            'source',
            'picture',
          ].includes(e.localName)
            ? [`<${e.localName}>`]
            : [];
          return [
            ...bad,
            ...[...e.attributes]
              .filter((a) => /^(src|srcset|href|style|action|poster|on)/i.test(a.name))
              .map((a) => `${a.name} on <${e.localName}>`),
          ];
        }),
      ),
    );

test('HTML, Markdown and links in page text show as inert text in the cards, and load nothing', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${server.url}/prize.html`);
  const panel = await openPanel(context, extensionId);
  llm.enqueue({ toolCalls: [{ name: 'read_page', arguments: '{}' }] }, call('get_form_state'), call('list_tabs'), {
    text: ['Read.'],
  });
  await sendChat(panel, 'What does this page say?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

  const answer = assistantMessages(panel).last();
  const read = answer.locator('.tool-card[data-tool="read_page"]');
  await expect(read.locator('.page-content')).toContainText(`<img src="${beacon('img')}">`);
  await expect(read.locator('.page-content')).toContainText('Claim your prize');
  await expect(read.locator('.card-title')).toContainText('<b>Prize</b>');
  await expect(answer.locator('.tool-card[data-tool="get_form_state"] tbody td').first()).toContainText(
    `<img src="${beacon('label')}">Name`,
  );
  await expect(answer.locator('.tool-card[data-tool="list_tabs"] .card-tabs')).toContainText('<b>Prize</b>');
  expect(await unsafeIn(panel)).toEqual([]);

  // The raw view is text too.
  for (const raw of await answer.locator('.tool-raw > summary').all()) await raw.click();
  await expect(read.locator('.tool-output')).toBeVisible();
  expect(await unsafeIn(panel)).toEqual([]);
  await panel.waitForTimeout(300);
  expect(server.requests.filter((p) => p.startsWith('/beacon'))).toEqual([]);
});
