/**
 * Links in answers and citation chips ask first when the background's check says their address carries text
 * the conversation read on another site, and when that check fails; an unflagged ordinary link opens at once.
 */
import { render, type ComponentChildren } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLazyParts } from '../../../components/sidepanel/lazy-parts';
import { CitationChip } from '../../../components/sidepanel/cards/CitationChip';
import { LinkEgressContext, type CheckLinkEgress } from '../../../components/sidepanel/link-egress-context';
import { Markdown } from '../../../components/sidepanel/Markdown';
import { loadMarkdownEngine } from '../../../components/sidepanel/load-markdown-engine';

const root = document.body.appendChild(document.createElement('div'));
// The prompts and cards load when first drawn in the panel (lazy-parts.ts); here they are loaded first.
beforeAll(loadLazyParts);
afterEach(() => {
  render(null, root);
  vi.restoreAllMocks();
});
const flush = () => new Promise((r) => setTimeout(r, 10));
const withCheck = (check: CheckLinkEgress, children: ComponentChildren) => (
  <LinkEgressContext.Provider value={check}>{children}</LinkEgressContext.Provider>
);
const dialog = () => root.querySelector('[role="dialog"]');
const button = (name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((b) => b.textContent === name)!;

const SECRET_LINK = 'https://evil.example/r?s=ACCT-99417-ZQ';

describe('answer links and the data-flow check', () => {
  it('a Markdown link carrying read text asks, naming where the text was read and where it goes; Cancel opens nothing', async () => {
    await loadMarkdownEngine();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const checked: string[] = [];
    render(
      withCheck(
        async (url) => (checked.push(url), url.includes('ACCT') ? ['https://bank.example'] : []),
        <Markdown text={`[Your report](${SECRET_LINK}) and [docs](https://docs.example/a)`} />,
      ),
      root,
    );
    await flush();
    const [report, docs] = [...root.querySelectorAll<HTMLAnchorElement>('.markdown a')];
    // A short query: the address heuristics alone would let it through.
    report!.click();
    await flush();
    expect(checked).toEqual([SECRET_LINK]);
    expect(dialog()?.textContent).toContain('This link carries text read on bank.example to evil.example.');
    expect(dialog()?.querySelector('.link-confirm-url')?.textContent).toBe(SECRET_LINK);
    button('Cancel').click();
    await flush();
    expect(dialog()).toBeNull();
    expect(open).not.toHaveBeenCalled();
    // A middle click is checked the same way.
    report!.dispatchEvent(new MouseEvent('auxclick', { button: 1, bubbles: true, cancelable: true }));
    await flush();
    expect(checked).toEqual([SECRET_LINK, SECRET_LINK]);
    expect(dialog()?.textContent).toContain('This link carries text read on bank.example');
    button('Cancel').click();
    await flush();
    expect(open).not.toHaveBeenCalled();
    // An ordinary link the check does not flag opens at once.
    docs!.click();
    await flush();
    expect(dialog()).toBeNull();
    expect(open).toHaveBeenCalledWith('https://docs.example/a', '_blank', 'noopener,noreferrer');
  });

  it('a check that fails asks (fails closed), and Open then opens the link', async () => {
    await loadMarkdownEngine();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      withCheck(() => Promise.reject(new Error('worker gone')), <Markdown text="[docs](https://docs.example/a)" />),
      root,
    );
    await flush();
    root.querySelector<HTMLAnchorElement>('.markdown a')!.click();
    await flush();
    expect(open).not.toHaveBeenCalled();
    expect(dialog()?.textContent).toContain('could not check whether this link carries text read on another site');
    button('Open link').click();
    expect(open).toHaveBeenCalledWith('https://docs.example/a', '_blank', 'noopener,noreferrer');
  });

  it('a citation chip goes through the same check', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      withCheck(async () => ['https://mail.example'], <CitationChip title="Report" url={SECRET_LINK} />),
      root,
    );
    root.querySelector<HTMLButtonElement>('.citation-chip')!.click();
    await flush();
    expect(open).not.toHaveBeenCalled();
    expect(dialog()?.textContent).toContain('This link carries text read on mail.example to evil.example.');
  });
});
