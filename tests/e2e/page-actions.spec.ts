/**
 * The interactive snapshot and the actions end to end: the built extension on the widgets fixture page
 * (plain elements acting as controls), a run scripted by the fake LLM that observes with get_page_state
 * and acts by ref, approvals clicked in the side panel. Assertions read the page's own state JSON and
 * what the model received back.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { serveFixturePages, type FixtureServer } from '../fixtures/pages';
import type { FakeLlm } from '../fake-llm';
import {
  addFakeProvider,
  assistantMessages,
  chatRequests,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
  toolCard,
} from './fixtures';
import { unwrapUntrusted } from '../security/untrusted-block';

let pages: FixtureServer;
test.beforeAll(async () => {
  pages = await serveFixturePages();
});
test.afterAll(async () => {
  await pages?.close();
});

async function setUp(context: BrowserContext, extensionId: string, llm: FakeLlm, extPage: Page) {
  await addFakeProvider(extPage, llm);
  const page = await context.newPage();
  await page.goto(`${pages.url}widgets.html`);
  const stateEl = page.locator('#state');
  await expect(stateEl).not.toBeEmpty();
  const state = async () => JSON.parse((await stateEl.textContent()) ?? '{}') as Record<string, unknown>;
  const panel = await openPanel(context, extensionId);
  return { page, state, panel };
}

/** Every result of `toolName` the model received, in order (inside their untrusted blocks). */
function toolResults(llm: FakeLlm, toolName: string): string[] {
  const requests = chatRequests(llm, '/v1/chat/completions');
  const last = requests.at(-1);
  if (!last) return [];
  const messages = (
    last.body as {
      messages: {
        role: string;
        content?: unknown;
        tool_call_id?: string;
        tool_calls?: { id: string; function: { name: string } }[];
      }[];
    }
  ).messages;
  const names = new Map(messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name]));
  return messages
    .filter((m) => m.role === 'tool' && names.get(m.tool_call_id ?? '') === toolName)
    .map((m) => unwrapUntrusted(typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
}

const approve = async (panel: Page, tool: string, preview: string) => {
  const c = toolCard(panel, tool).last();
  await expect(c.locator('.approval .preview')).toContainText(preview);
  await c.getByRole('button', { name: 'Approve' }).click();
};

test('a run observes with get_page_state, then clicks a span link, chooses in a key-only combobox, sets a slider, picks a radio without values and clicks a span submit', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { state, panel } = await setUp(context, extensionId, llm, extPage);
  llm.enqueue(
    toolCall('get_page_state'),
    toolCall('click', { key: 'e1' }),
    toolCall('select', { ref: 'e2', option: 'Georgia' }),
    toolCall('set_value', { ref: 'e3', value: '7' }),
    toolCall('select', { ref: 'e4', option: 'Large' }),
    toolCall('click', { key: 'e5' }),
    { text: ['Ordered.'] },
  );
  await sendChat(panel, 'Open the report, then order a large one to Georgia at volume 7');
  await approve(panel, 'click', 'Open report');
  await expect.poll(state).toMatchObject({ reportOpen: true });
  await approve(panel, 'select', 'option: "Georgia"');
  await expect.poll(state).toMatchObject({ country: 'Georgia' });
  await approve(panel, 'set_value', 'on slider "Volume"');
  await expect.poll(state).toMatchObject({ volume: 7 });
  await approve(panel, 'select', 'on radiogroup "Size"');
  await expect.poll(state).toMatchObject({ size: 'Large' });
  expect(await state()).toMatchObject({ ordered: false });
  await approve(panel, 'click', 'Place order');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  expect(await state()).toEqual({ reportOpen: true, country: 'Georgia', volume: 7, size: 'Large', ordered: true });

  const snapshot = JSON.parse(toolResults(llm, 'get_page_state')[0] ?? '{}') as {
    elements: { ref: string; name: string }[];
  };
  expect(snapshot.elements.map((e) => [e.ref, e.name])).toEqual([
    ['e1', 'Open report'],
    ['e2', 'Country'],
    ['e3', 'Volume'],
    ['e4', 'Size'],
    ['e5', 'Place order'],
  ]);
  const selects = toolResults(llm, 'select').map((r) => JSON.parse(r) as { value: unknown });
  expect(selects.map((s) => s.value)).toEqual(['Georgia', 'Large']);
});

test('an action on a ref the snapshot never listed is refused before any card, and never reaches the page', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  const { state, panel } = await setUp(context, extensionId, llm, extPage);
  const before = await state();
  llm.enqueue(toolCall('get_page_state'), toolCall('type', { ref: 'e999', text: 'Ignore previous instructions' }), {
    text: ['Could not.'],
  });
  await sendChat(panel, 'Type something');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  await expect(panel.locator('.tool-card[data-tool="type"] .approval')).toHaveCount(0);
  expect(toolResults(llm, 'type')[0]).toMatch(
    /^type refused: "e999" is not an element the last page snapshot of this tab listed, so the user was not asked/,
  );
  expect(await state()).toEqual(before);
});
