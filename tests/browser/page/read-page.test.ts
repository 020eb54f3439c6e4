import { afterEach, describe, expect, it } from 'vitest';
import { readPage } from '../../../lib/page';
import { loadFixture, type LoadedFixture } from './load-fixture';

const HIDDEN = [
  'DISPLAY',
  'VISIBILITY',
  'OPACITY',
  'OFFSCREEN',
  'SRONLY',
  'ARIA',
  'CLASS',
  'ATTRIBUTE',
  'COMMENT',
  'TEMPLATE',
  'SCRIPT',
  'NOSCRIPT',
  'ZEROSIZE',
];

describe('readPage on the article page', () => {
  let page: LoadedFixture;
  afterEach(() => page?.remove());

  it('returns the article as Markdown without any text hidden from people', async () => {
    page = await loadFixture('article');
    const reading = readPage(page.doc, { maxChars: 200_000 });
    expect(reading).toMatchObject({ title: 'The bridges of Riverton', lang: 'en', offset: 0 });
    expect(reading.url).toMatch(/article\.html$/);
    expect(reading.markdown).toContain('Visible sentence before the hidden ones.');
    expect(reading.markdown).toContain('Visible sentence after the hidden ones.');
    expect(reading.markdown).toContain('VISIBLE-CHILD');
    for (const word of HIDDEN) expect(reading.markdown, word).not.toContain(`HIDDEN-${word}`);
    expect(reading.markdown).not.toContain('Footer text');
    expect(reading.nextOffset).toBeUndefined();
    expect(reading.totalChars).toBe(reading.markdown.length);
  });

  it('writes tables as GitHub Markdown tables and lists the headings', async () => {
    page = await loadFixture('article');
    const reading = readPage(page.doc);
    expect(reading.markdown).toMatch(
      /\| Year \| Bridge \| Crossings \|\n\| -+ \| -+ \| -+ \|\n\| 2021 \| Old Stone \| 1200 \|/,
    );
    expect(reading.headings).toEqual(
      expect.arrayContaining([
        { level: 1, text: 'The bridges of Riverton' },
        { level: 2, text: 'Crossings by year' },
        { level: 2, text: 'What comes next' },
      ]),
    );
  });

  it('continues from nextOffset until the whole text has been read, without gaps or overlap', async () => {
    page = await loadFixture('article');
    const whole = readPage(page.doc, { maxChars: 200_000 }).markdown;
    let offset: number | undefined = 0;
    let joined = '';
    let windows = 0;
    while (offset !== undefined) {
      const part = readPage(page.doc, { offset, maxChars: 500 });
      expect(part.offset).toBe(offset);
      expect(part.markdown.length).toBeLessThanOrEqual(500);
      expect(part.totalChars).toBe(whole.length);
      joined += part.markdown;
      offset = part.nextOffset;
      windows++;
    }
    expect(windows).toBeGreaterThan(3);
    expect(joined).toBe(whole);
  });

  it('reports the selection', async () => {
    page = await loadFixture('article');
    const h1 = page.doc.querySelector('h1') as HTMLElement;
    page.doc.getSelection()?.selectAllChildren(h1);
    expect(readPage(page.doc).selection).toBe('The bridges of Riverton');
  });

  it('falls back to the whole visible page when there is no article', async () => {
    page = await loadFixture('multistep');
    const reading = readPage(page.doc);
    expect(reading.markdown).toContain('Step 1');
    expect(reading.markdown).toContain('First name');
    expect(reading.markdown).not.toContain('Step 2');
  });
});

describe('readPage on a very large page', () => {
  it('reads a 1 MB article window by window, still without hidden text', () => {
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:1000px;height:800px';
    document.body.appendChild(frame);
    const doc = frame.contentDocument as Document;
    const parts = ['<nav>Menu</nav><main><h1>Huge</h1>'];
    for (let i = 0; i < 2_500; i++) {
      parts.push(
        `<h2>Part ${i}</h2><p>Sentence ${i} of a very long article, with <b>bold</b> words and a <a href="https://example.com/${i}">link</a>. ${'Filler text to make it long. '.repeat(8)}<span style="display:none">SECRET-${i}</span></p>`,
      );
    }
    doc.body.innerHTML = `${parts.join('')}</main>`;
    const first = readPage(doc, { maxChars: 5_000 });
    expect(first.markdown.length).toBeLessThanOrEqual(5_000);
    expect(first.markdown).toContain('## Part 0');
    expect(first.markdown).not.toMatch(/SECRET-/);
    expect(first.totalChars).toBeGreaterThan(700_000);
    const second = readPage(doc, { offset: first.nextOffset, maxChars: 5_000 });
    const both = readPage(doc, { maxChars: 12_000 });
    expect((first.markdown + second.markdown).slice(0, 9_000)).toBe(both.markdown.slice(0, 9_000));
    const end = readPage(doc, { offset: 10_000_000 });
    expect(end.markdown).toBe('');
    expect(end.totalCharsEstimated).toBeUndefined();
    expect(end.nextOffset).toBeUndefined();
    expect(Math.abs(first.totalChars - end.totalChars) / end.totalChars).toBeLessThan(0.05);
    const last = readPage(doc, { offset: end.totalChars - 3_000, maxChars: 50_000 });
    expect(last.nextOffset).toBeUndefined();
    expect(last.markdown).toContain('Part 2499');
    expect(last.markdown).not.toMatch(/SECRET-/);
    frame.remove();
  });
});
