/** Citation chips open their source under the same rules as links in answers (describe-link.ts). */
import { render } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyParts } from '../../../components/sidepanel/lazy-parts';
import { CitationChip } from '../../../components/sidepanel/cards/CitationChip';

const root = document.body.appendChild(document.createElement('div'));
// The prompts and cards load when first drawn in the panel (lazy-parts.ts); here they are loaded first.
beforeAll(loadLazyParts);
afterEach(() => {
  render(null, root);
  vi.restoreAllMocks();
});
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('citation chip', () => {
  it('an ordinary source opens in a new tab at once, without opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<CitationChip title="Docs" url="https://docs.example/a#:~:text=x" />, root);
    expect(root.querySelector('.chip-host')?.textContent).toBe('docs.example');
    root.querySelector<HTMLButtonElement>('.citation-chip')!.click();
    expect(open).toHaveBeenCalledWith('https://docs.example/a#:~:text=x', '_blank', 'noopener,noreferrer');
  });

  it('a source carrying unusual data asks first, showing the full URL; Cancel opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const url = `https://evil.example/p?d=${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkw'}`;
    render(<CitationChip title="Prize" url={url} />, root);
    root.querySelector<HTMLButtonElement>('.citation-chip')!.click();
    await flush();
    expect(open).not.toHaveBeenCalled();
    expect(root.querySelector('[role="dialog"] .link-confirm-url')?.textContent).toBe(url);
    [...root.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')]
      .find((b) => b.textContent === 'Cancel')!
      .click();
    await flush();
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('a source that is not a web address cannot be opened', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<CitationChip title="x" url="javascript:alert(1)" />, root);
    const chip = root.querySelector<HTMLButtonElement>('.citation-chip')!;
    expect(chip.disabled).toBe(true);
    chip.click();
    expect(open).not.toHaveBeenCalled();
  });
});
