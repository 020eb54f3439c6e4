import { describe, expect, it } from 'vitest';
import { readHtml } from '../../../lib/page/read-html';

const page = (body: string, head = '') =>
  `<!doctype html><html lang="en"><head><title>Fetched</title>${head}</head><body>${body}</body></html>`;
const article = (extra: string) =>
  `<main><article><h1>Fetched article</h1>${'<p>Visible paragraph with enough words to count as an article for the reader to keep.</p>'.repeat(4)}${extra}</article></main>`;

describe("readHtml (fetch_url's reader)", () => {
  it("leaves out text hidden by the page's stylesheet and inline styles, as read_page does on a live page", () => {
    const r = readHtml(
      page(
        article(
          '<p class="gone">CLASS-HIDDEN</p><p style="position:absolute;left:-9999px">OFFSCREEN</p><p style="font-size:0">TINY</p><p>Shown text.</p>',
        ),
        '<style>.gone { display: none }</style>',
      ),
      'https://site.example/a',
      { maxChars: 20_000 },
    );
    expect(r.markdown).toContain('Shown text.');
    expect(r.markdown).not.toMatch(/CLASS-HIDDEN|OFFSCREEN|TINY/);
    expect(r).toMatchObject({ title: 'Fetched', url: 'https://site.example/a', lang: 'en' });
  });

  it('runs no script, fetches nothing, and makes links absolute (http(s) only)', async () => {
    const marker = `tabwise-read-html-${Date.now()}`;
    const html = page(
      article(
        `<script>window.__ran = true</script><img src="https://img.example/${marker}.png" onerror="window.__ran = true"><p><a href="/docs/next">Next page</a> and <a href="javascript:alert(1)">bad</a>.</p>`,
      ),
      `<link rel="stylesheet" href="https://css.example/${marker}.css"><style>@import url("https://css.example/${marker}-import.css"); p { background: url("https://img.example/${marker}-bg.png") }</style>`,
    );
    const r = readHtml(html, 'https://site.example/dir/page', { maxChars: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((window as unknown as { __ran?: boolean }).__ran).toBeUndefined();
    expect(performance.getEntriesByType('resource').filter((e) => e.name.includes(marker))).toEqual([]);
    expect(r.markdown).toContain('[Next page](https://site.example/docs/next)');
    expect(r.markdown).not.toContain('javascript:');
    // The frame it was read in is gone.
    expect(document.querySelectorAll('iframe[sandbox]')).toHaveLength(0);
  });

  it('caps the Markdown at maxChars and says there is more', () => {
    const long = page(`<main>${'<p>Row of a long page that goes on and on for a while.</p>'.repeat(2000)}</main>`);
    const r = readHtml(long, 'https://site.example/long', { maxChars: 5_000 });
    expect(r.markdown.length).toBeLessThanOrEqual(5_000);
    expect(r.nextOffset).toBeGreaterThan(0);
  });
});
