/**
 * The tab tools' cards: a page's title (in the answer) and a model's address (in the arguments) are shown
 * as literal text in real Chromium, create no element and load nothing; the card names the host apart.
 */
import { render } from 'preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLazyParts } from '../../../components/sidepanel/lazy-parts';
import type { RunPart } from '../../../lib/core/run-part';
import type { ToolResult } from '../../../lib/core/tool-result';
import { ToolCard } from '../../../components/sidepanel/ToolCard';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;

const BEACON = 'http://127.0.0.1:9/beacon';
const hostile = `<img src="${BEACON}-img" onerror="alert(1)"> ![md](${BEACON}-md) [click me](${BEACON}-link) <iframe src="${BEACON}-frame"></iframe>`;
const wrap = (text: string): ToolResult => ({ value: text, untrusted: 'page_content' });
const part = (toolName: string, input: unknown, result: ToolResult): ToolPart => ({
  kind: 'tool',
  toolCallId: toolName,
  toolName,
  status: 'done',
  input,
  result,
});

const cases: ToolPart[] = [
  part(
    'navigate',
    { url: `https://evil.example/${encodeURIComponent(hostile)}` },
    wrap(`Navigated tab 3: ${hostile} <https://evil.example/>. Snapshots taken before are no longer valid here.`),
  ),
  part(
    'open_tab',
    { url: 'https://evil.example/a' },
    wrap(`Opened tab 4: ${hostile} <https://evil.example/a> in the background.`),
  ),
  part('switch_tab', { tabId: 4 }, wrap(`The run now acts on tab 4: ${hostile} <https://evil.example/a>.`)),
  part(
    'wait_for',
    { text: hostile, timeout_ms: 300 },
    wrap(`Done after 5 ms: waited for the text "${hostile}" to appear in tab 4 <https://evil.example/a>.`),
  ),
];

const root = document.body.appendChild(document.createElement('div'));
afterEach(() => render(null, root));

function unsafe(el: Element): string[] {
  const found: string[] = [];
  for (const e of el.querySelectorAll('*')) {
    if (
      ['img', 'a', 'script', 'iframe', 'svg', 'object', 'embed', 'link', 'style', 'form', 'input'].includes(e.localName)
    )
      found.push(`<${e.localName}>`);
    for (const a of e.attributes)
      if (/^(src|srcset|href|style|action|on)/i.test(a.name)) found.push(`${a.name} on <${e.localName}>`);
  }
  return found;
}

// The cards' bodies load after the panel's first paint (lazy-parts.ts); here they are drawn at once.
beforeAll(loadLazyParts);

describe('tab tool cards render page text inertly', () => {
  for (const p of cases) {
    it(`${p.toolName}: shown as text, no element, nothing loaded`, async () => {
      const before = performance.getEntriesByType('resource').length;
      render(<ToolCard part={p} siblings={[p]} />, root);
      const card = root.querySelector('.tool-card')!;
      expect(unsafe(card)).toEqual([]);
      const readable = card.querySelector('.card-tab')?.textContent ?? '';
      expect(readable).toMatch(/<img src=|\[click me\]/);
      await new Promise((r) => setTimeout(r, 100));
      expect(
        performance
          .getEntriesByType('resource')
          .slice(before)
          .map((e) => e.name)
          .filter((n) => n.includes('beacon')),
      ).toEqual([]);
    });
  }

  it('names the host of the address apart from the path', () => {
    render(<ToolCard part={cases[1]!} siblings={[]} />, root);
    expect(root.querySelector('.card-tab .card-line')?.textContent).toBe('evil.example/a (evil.example)');
    expect(root.querySelector('.tool-card')?.textContent).toContain('Open a tab');
  });
});
