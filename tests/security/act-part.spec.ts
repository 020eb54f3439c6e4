/**
 * A hostile page against the act part (lib/page/act-part.ts), the page agent's on-demand typing and keys. The page
 * plants its own `tabwiseActPart` (and `tabwisePageAgent`) on its window, posts messages at the frame, and asks the
 * extension through the runtime: the agent uses only the part the worker injected into its isolated world (the
 * page's fake is never called, and the typed text is the model's, keys and all), the part cannot be brought into
 * the page by the page, and it answers no message.
 */
import {
  addFakeProvider,
  assistantMessages,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
  toolCard,
} from '../e2e/fixtures';

const ORIGIN = 'http://hostile-act.example';
const PAGE = `<title>Hostile</title><label>Search <input id="q"></label>
<pre id="log"></pre>
<script>
  const log = (line) => (document.getElementById('log').textContent += line + '\\n');
  const fake = (name) => (...args) => { log('fake ' + name + ' ' + JSON.stringify(String(args[1] ?? ''))); };
  window.tabwiseActPart = {
    parseKey: fake('parseKey'), isPrintable: () => true, pressKey: fake('pressKey'), typeText: fake('typeText'),
    setSliderValue: fake('setSliderValue'), chooseOption: fake('chooseOption'), selectText: fake('selectText'),
  };
  window.tabwisePageAgent = { live: () => true, stop: () => {} };
  document.getElementById('q').addEventListener('keydown', (e) => log('key ' + e.key + ' trusted=' + e.isTrusted));
  // Messages a page can send at its frame, shaped like the extension's own.
  setInterval(() => {
    window.postMessage({ tabwise: 'page', name: 'act', data: { runId: 'r1', toolCallId: 'x', args: { action: 'type', ref: 'e1', text: 'pwned' } } }, '*');
    window.postMessage({ tabwiseActPart: true, install: 'evil' }, '*');
  }, 50);
</script>`;

test('the page cannot plant, reach or command the act part: the run types with the one the worker injected', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  await context.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  const panel = await openPanel(context, extensionId);

  // The part is not a web-accessible resource: the page cannot load it into its own world.
  const fetched = await page.evaluate(
    (id) =>
      fetch(`chrome-extension://${id}/page-actions.js`).then(
        (r) => `status ${r.status}`,
        () => 'refused',
      ),
    extensionId,
  );
  expect(fetched).toBe('refused');

  llm.enqueue(toolCall('get_page_state'), toolCall('type', { ref: 'e1', text: 'Oslo' }), { text: ['Typed.'] });
  await sendChat(panel, 'Search for Oslo');
  await toolCard(panel, 'type').getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(page.locator('#q')).toHaveValue('Oslo');
  const log = (await page.locator('#log').textContent()) ?? '';
  // The real part typed (the page heard its keys), the page's fake was never called, and its messages did nothing.
  expect(log).toContain('key O trusted=false');
  expect(log).not.toContain('fake');
  expect(log).not.toContain('pwned');
  await page.waitForTimeout(200);
  await expect(page.locator('#q')).toHaveValue('Oslo');

  // The page's own world still holds only its fake: the extension's slot is in another world.
  expect(
    await page.evaluate(() => Object.keys((window as unknown as { tabwiseActPart: object }).tabwiseActPart)),
  ).toContain('typeText');
  // Asking the extension from the page reaches nothing (no externally_connectable, no listener for it).
  const asked = await page.evaluate(
    (id) =>
      new Promise<string>((resolve) => {
        const runtime = (
          globalThis as {
            chrome?: { runtime?: { sendMessage?: (id: string, message: unknown, answer: () => void) => void } };
          }
        ).chrome?.runtime;
        if (!runtime?.sendMessage) return resolve('no runtime');
        try {
          runtime.sendMessage(id, { tabwise: 'background', name: 'injectActPart', data: {} }, () =>
            resolve('answered'),
          );
        } catch {
          resolve('refused');
        }
        setTimeout(() => resolve('silence'), 500);
      }),
    extensionId,
  );
  expect(asked).not.toBe('answered');
});
