/**
 * Page text in tool cards is data: rendered in real Chromium, HTML, Markdown, links and image syntax from a
 * page (in read_page, get_form_state, search_history, list_tabs results and an unknown tool's result)
 * show as the literal text they are, create no element, and load nothing.
 */
import { render } from 'preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLazyParts } from '../../../components/sidepanel/lazy-parts';
import type { RunPart } from '../../../lib/core/run-part';
import type { ToolResult } from '../../../lib/core/tool-result';
import { ToolCard } from '../../../components/sidepanel/ToolCard';

type ToolPart = Extract<RunPart, { kind: 'tool' }>;

const BEACON = 'http://127.0.0.1:9/beacon';
const hostile = `<img src="${BEACON}-img" onerror="alert(1)"> ![md](${BEACON}-md) [click me](${BEACON}-link) <script>fetch('${BEACON}-js')</script> <a href="${BEACON}-a">a</a> <iframe src="${BEACON}-frame"></iframe>`;
const wrap = (value: unknown): ToolResult => ({ value, untrusted: 'page_content' });
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
    'read_page',
    {},
    wrap({
      title: hostile,
      url: 'https://evil.example/',
      lang: 'en',
      markdown: hostile,
      headings: [],
      totalChars: 10,
      offset: 0,
    }),
  ),
  part(
    'get_form_state',
    {},
    wrap({
      fields: [{ key: 'k', label: hostile, type: 'text', value: hostile, required: false }],
      buttons: [],
      forms: [],
    }),
  ),
  part(
    'search_history',
    { query: 'q' },
    wrap({
      passages: [
        {
          title: hostile,
          url: 'https://evil.example/p',
          fragmentUrl: 'https://evil.example/p#:~:text=x',
          visitedAt: '2026-01-01T00:00:00Z',
          score: 1,
          snippet: hostile,
          text: hostile,
        },
      ],
    }),
  ),
  part('list_tabs', {}, wrap(`* ${hostile} <https://evil.example/>`)),
  part('mcp_unknown', { html: hostile }, { value: { body: hostile } }),
  part('mcp_unknown_text', {}, { value: hostile }),
];

const root = document.body.appendChild(document.createElement('div'));
afterEach(() => render(null, root));

/** Elements and attributes that could load, run or link anything, inside the card. */
function unsafe(el: Element): string[] {
  const found: string[] = [];
  for (const e of el.querySelectorAll('*')) {
    if (
      [
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
        'form',
        'input',
        'source',
        'picture',
      ].includes(e.localName)
    )
      found.push(`<${e.localName}>`);
    for (const a of e.attributes)
      if (/^(src|srcset|href|style|action|poster|background|on)/i.test(a.name))
        found.push(`${a.name} on <${e.localName}>`);
  }
  return found;
}

// The cards' bodies load after the panel's first paint (lazy-parts.ts); here they are drawn at once.
beforeAll(loadLazyParts);

describe('tool cards render page text inertly', () => {
  for (const p of cases) {
    it(`${p.toolName}: the hostile text is shown as text, makes no element and loads nothing`, async () => {
      const before = performance.getEntriesByType('resource').length;
      render(<ToolCard part={p} siblings={[p]} />, root);
      const card = root.querySelector('.tool-card')!;
      expect(unsafe(card)).toEqual([]);
      // The readable card (outside the raw disclosure) shows the literal markup as text.
      const readable = [...card.children]
        .filter((c) => !c.matches('.tool-raw'))
        .map((c) => c.textContent)
        .join('\n');
      expect(readable).toMatch(/<img src=|\[click me\]|!\[md\]/);
      await new Promise((r) => setTimeout(r, 100));
      const loaded = performance
        .getEntriesByType('resource')
        .slice(before)
        .map((e) => e.name);
      expect(loaded.filter((n) => n.includes('beacon'))).toEqual([]);
    });
  }

  it('page text in cards is marked as page content', () => {
    render(<ToolCard part={cases[0]!} siblings={[]} />, root);
    expect(root.querySelector('.page-content .page-content-label')?.textContent).toBe('Page content');
    expect(root.querySelector('.page-content')?.textContent).toContain('<img src=');
  });
});
