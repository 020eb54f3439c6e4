import { afterAll, describe, expect, it } from 'vitest';
import { addCodeToolbars } from '../../../components/ui/add-code-toolbars';
import { renderMarkdown } from '../../../components/ui/render-markdown';
import { EXFIL_VECTORS, expandVector } from '../../security/exfil-corpus';
import { findUnsafeMarkup } from '../../security/find-unsafe-markup';

// Port 9 (discard) refuses at once: a vector that got through would show as markup, not as a slow test.
const CANARY = 'http://127.0.0.1:9';
const roots: HTMLElement[] = [];

/** Renders into the live document, as the panel does, so anything that loads or runs would do so here. */
function render(markdown: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderMarkdown(markdown);
  addCodeToolbars(root);
  document.body.append(root);
  roots.push(root);
  return root;
}

afterAll(() => roots.forEach((r) => r.remove()));

describe('renderMarkdown over the exfiltration/XSS corpus', () => {
  it.each(EXFIL_VECTORS.map((v) => [v.id, v] as const))('%s renders nothing unsafe', (_id, vector) => {
    const markdown = expandVector(vector, CANARY);
    expect(findUnsafeMarkup(render(markdown))).toEqual([]);
    // Streamed answers are rendered while incomplete: every cut of the vector must be as safe.
    for (const cut of [0.25, 0.5, 0.75])
      expect(findUnsafeMarkup(render(markdown.slice(0, Math.floor(markdown.length * cut))))).toEqual([]);
  });

  it('ran no script and loaded nothing from the canary', async () => {
    await new Promise((r) => setTimeout(r, 300));
    expect((window as { __xss?: string }).__xss).toBeUndefined();
    const loads = performance.getEntriesByType('resource').filter((e) => e.name.startsWith(CANARY));
    expect(loads.map((e) => e.name)).toEqual([]);
  });

  it('has at least 80 vectors, ids unique', () => {
    expect(EXFIL_VECTORS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(EXFIL_VECTORS.map((v) => v.id)).size).toBe(EXFIL_VECTORS.length);
  });
});

describe('the checker can fail', () => {
  it('reports the markup an unsanitised answer would carry', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<table background="x"><tr><td>a</td></tr></table><a href="javascript:x">j</a><button class="primary">Approve</button><svg></svg>';
    const found = findUnsafeMarkup(root);
    expect(found).toEqual(
      expect.arrayContaining([
        'attribute background on <table>',
        'link to javascript: (javascript:x)',
        'forbidden element <button>',
        'class "primary" on <button>',
      ]),
    );
    expect(found.some((f) => f.startsWith('foreign element <svg>'))).toBe(true);
  });
});
