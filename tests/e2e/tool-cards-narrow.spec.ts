/**
 * The side panel at its narrowest (320 px): the form-state table in a tool card breaks lines between words,
 * never inside one ("contenteditable" stays whole), a long token in a value wraps only because it must, and
 * nothing overflows sideways. The tab list gives its titles the room: a long host (an extension's id) is cut
 * with an ellipsis instead of squeezing a title to a letter per line.
 */
import type { Page } from '@playwright/test';
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { addFakeProvider, assistantMessages, expect, openPanel, sendChat, test } from './fixtures';

const form = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Profile</title></head><body><main>
<form id="profile">
<label>Full name <input name="fullName" value="Ada King, Countess of Lovelace"></label>
<label>Preferred correspondence address <input name="address" value="12 St James's Square, London"></label>
<label>Appointment <input type="datetime-local" name="when" value="2026-11-23T09:30"></label>
<label>Website <input type="url" name="site" value="https://example.com/a/very/long/path/that/has/no/spaces/at/all/anywhere/in/it?with=query"></label>
<label>Email <input type="email" name="email" value="ada@example.com"></label>
<div aria-label="Biography" contenteditable="true">Wrote the first published algorithm for a machine.</div>
</form></main></body></html>`;

let server: StaticServer;
test.beforeAll(async () => {
  server = await serveStatic({ '/profile.html': form });
});
test.afterAll(async () => server?.close());

interface Split {
  cell: string;
  column: number;
  word: string;
  wordWidth: number;
  cellWidth: number;
}

/** Words (runs without spaces) drawn on more than one line in the `boxes` under `root` (table cells by default), with their width and their box's. */
function splitWords(root: Element, boxes = 'td, th'): Split[] {
  const found: Split[] = [];
  for (const cell of root.querySelectorAll<HTMLTableCellElement>(boxes)) {
    const width = cell.getBoundingClientRect().width;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) {
          const whole = [...range.getClientRects()].reduce((s, r) => s + r.width, 0);
          found.push({
            cell: cell.textContent ?? '',
            column: cell.cellIndex + 1,
            word: m[0],
            wordWidth: whole,
            cellWidth: width,
          });
        }
      }
    }
  }
  return found;
}

async function narrow(page: Page) {
  await page.setViewportSize({ width: 320, height: 900 });
}

test('at 320 px the form-state table breaks between words, wraps a long value only where it must, and nothing overflows', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const site = await context.newPage();
  await site.goto(`${server.url}/profile.html`);
  const panel = await openPanel(context, extensionId);
  await narrow(panel);
  llm.enqueue({ toolCalls: [{ name: 'get_form_state', arguments: '{}' }] }, { text: ['Here is the form.'] });
  await sendChat(panel, 'What is in this form?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const table = assistantMessages(panel)
    .last()
    .locator('.tool-card[data-tool="get_form_state"] .card-form-state table');
  await expect(table.locator('td', { hasText: /^contenteditable$/ })).toHaveCount(1);
  await expect(table.locator('td', { hasText: /^datetime-local$/ })).toHaveCount(1);

  const splits = await table.evaluate(splitWords);
  // Only a value may be split inside a token, and only one wider than its whole cell: the long URL here.
  expect(splits.filter((s) => s.wordWidth <= s.cellWidth)).toEqual([]);
  expect(splits.filter((s) => s.column !== 3)).toEqual([]);
  expect(splits.map((s) => s.word)).toContain(
    'https://example.com/a/very/long/path/that/has/no/spaces/at/all/anywhere/in/it?with=query',
  );

  // Nothing sticks out: not a cell, not the table, not the panel.
  const overflow = await table.evaluate((t) => {
    const card = t.closest('.tool-card')!;
    const cells = [...t.querySelectorAll('td, th')]
      .filter((c) => c.scrollWidth > c.clientWidth + 1)
      .map((c) => c.textContent);
    return {
      cells,
      table: t.getBoundingClientRect().right - card.getBoundingClientRect().right,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(overflow.cells).toEqual([]);
  expect(overflow.table).toBeLessThanOrEqual(0);
  expect(overflow.page).toBe(0);
});

test('at 320 px the tab list breaks titles between words and cuts a long host with an ellipsis, with nothing overflowing', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  await addFakeProvider(extPage, llm);
  const site = await context.newPage();
  await site.goto(`${server.url}/profile.html`);
  // Tabs whose host is an extension's 32-letter id: the one that squeezed titles to a letter per line.
  await (await context.newPage()).goto(`chrome-extension://${extensionId}/options.html`);
  const panel = await openPanel(context, extensionId);
  await narrow(panel);
  llm.enqueue({ toolCalls: [{ name: 'list_tabs', arguments: '{}' }] }, { text: ['These are your tabs.'] });
  await sendChat(panel, 'Which tabs are open?');
  await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');
  const list = assistantMessages(panel).last().locator('.tool-card[data-tool="list_tabs"] .card-tabs');
  await expect(list.locator('.card-title', { hasText: 'Profile' })).toHaveCount(1);
  const host = list.locator('.card-host', { hasText: extensionId }).first();
  await expect(host).toHaveAttribute('title', extensionId);

  // No word of a title is broken across lines (each is far narrower than the row).
  expect(await list.evaluate(splitWords, '.card-title')).toEqual([]);
  const layout = await list.evaluate((ul) => {
    const hosts = [...ul.querySelectorAll<HTMLElement>('.card-host')];
    const card = ul.closest('.tool-card')!;
    return {
      cut: hosts.filter((h) => h.scrollWidth > h.clientWidth).map((h) => getComputedStyle(h).textOverflow),
      outside: [...ul.querySelectorAll('li')].filter(
        (li) => li.getBoundingClientRect().right > card.getBoundingClientRect().right + 1,
      ).length,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  // The extension's id does not fit beside its title at this width: it is cut, with an ellipsis.
  expect(layout.cut.length).toBeGreaterThan(0);
  expect(new Set(layout.cut)).toEqual(new Set(['ellipsis']));
  expect(layout.outside).toBe(0);
  expect(layout.page).toBe(0);
});
