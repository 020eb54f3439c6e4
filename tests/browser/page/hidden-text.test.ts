import { afterEach, describe, expect, it } from 'vitest';
import { readPage, snapshotForms } from '../../../lib/page';
import {
  CHAR_CANARIES,
  HIDDEN_CANARIES,
  HIDDEN_TEXT_PAGE,
  VISIBLE_TEXT,
  hiddenCanariesIn,
} from '../../security/hidden-text';

/** Loads the hostile page in a 1000×800 iframe of the test page. */
async function loadHostile(): Promise<{ doc: Document; remove: () => void }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:1000px;height:800px;border:0';
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.srcdoc = HIDDEN_TEXT_PAGE;
  document.body.appendChild(frame);
  await loaded;
  return { doc: frame.contentDocument!, remove: () => frame.remove() };
}

describe('text a person cannot see never reaches the model', () => {
  let page: { doc: Document; remove: () => void } | undefined;
  afterEach(() => page?.remove());

  it('read_page leaves out every hidden canary and keeps the visible text', async () => {
    page = await loadHostile();
    const reading = readPage(page.doc, { maxChars: 200_000 });
    const all = JSON.stringify(reading);
    expect(hiddenCanariesIn(all)).toEqual([]);
    for (const text of [
      VISIBLE_TEXT.heading,
      VISIBLE_TEXT.paragraph,
      VISIBLE_TEXT.fakeSystem,
      VISIBLE_TEXT.gradient,
      VISIBLE_TEXT.joined,
      VISIBLE_TEXT.imageAlt,
    ]) {
      expect(reading.markdown, text).toContain(text);
    }
    expect(reading.markdown).toContain(`[${VISIBLE_TEXT.link}](https://garden.example/report)`);
    expect(reading.markdown).not.toContain('data:image');
    expect(reading.markdown).toContain('desrever');
  });

  it('removes format and tag characters and says how many', async () => {
    page = await loadHostile();
    const reading = readPage(page.doc, { maxChars: 200_000 });
    expect(JSON.stringify(reading)).not.toMatch(/[\p{Cf}\u{E0000}-\u{E007F}]/u);
    const expected = 3 + 2 + [...CHAR_CANARIES.tagChars].length;
    expect(reading.notice).toBe(`Removed ${expected} invisible characters.`);
  });

  it('the form snapshot lists no hidden field and no hidden label text', async () => {
    page = await loadHostile();
    const { allowlist: _allowlist, ...snapshot } = snapshotForms(page.doc);
    const all = JSON.stringify(snapshot);
    expect(hiddenCanariesIn(all)).toEqual([]);
    expect(snapshot.fields.map((f) => [f.key, f.label])).toEqual([['email', VISIBLE_TEXT.emailLabel]]);
    expect(snapshot.buttons.map((b) => b.text)).toEqual(['Subscribe']);
  });

  it('a canary anywhere in a text is counted once per canary', () => {
    expect(hiddenCanariesIn(HIDDEN_TEXT_PAGE)).toHaveLength(HIDDEN_CANARIES.length);
  });
});
