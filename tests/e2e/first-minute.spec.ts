/** The first minute with Tabwise: what a first "Hello" costs, the server address, the starting points. */
import { measureHelloPrompt } from '../harness/hello-prompt';
import { addProvider, expect, test } from './fixtures';

test('a first Hello with the default tools costs at most 3,500 input tokens and offers only tools that can apply', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addProvider(extPage, {
    kind: 'openai-compatible',
    name: 'Fake',
    baseUrl: llm.openaiBaseUrl,
    model: 'fake-model',
  });
  const hello = await measureHelloPrompt(context, extensionId, llm);
  expect(hello.tokens).toBeLessThanOrEqual(3500);
  // On a web page the page tools are there, and so is everything that reaches beyond it.
  expect(hello.tools).toEqual(
    expect.arrayContaining(['read_page', 'get_page_state', 'fill_form', 'click', 'navigate', 'open_tab', 'fetch_url']),
  );
  // Remembering is off, no search service is set up, one web tab is open, nothing saved to memory yet.
  for (const absent of ['search_history', 'web_search', 'list_tabs', 'switch_tab', 'close_tab', 'memory_search'])
    expect(hello.tools).not.toContain(absent);
  expect(hello.tools).toContain('load_skill'); // two skills ship with Tabwise
});
