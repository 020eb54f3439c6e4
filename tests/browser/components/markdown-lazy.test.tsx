/**
 * The panel loads its Markdown renderer after the first paint (load-markdown-engine): an answer shown before it
 * arrives is plain text, never HTML, and becomes rendered Markdown once the engine is here.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../components/sidepanel/Markdown';
import { loadMarkdownEngine, markdownEngine } from '../../../components/sidepanel/load-markdown-engine';

const root = document.body.appendChild(document.createElement('div'));
afterEach(() => render(null, root));
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('Markdown before and after its renderer loads', () => {
  it('shows the text as text first (markup stays inert), then renders it', async () => {
    expect(markdownEngine.value).toBeNull();
    const text = '**Bold** and <img src="x" onerror="window.__pwned=1">';
    render(<Markdown text={text} />, root);
    const plain = root.querySelector('.markdown-plain');
    expect(plain?.textContent).toBe(text);
    expect(root.querySelector('img, strong')).toBeNull();

    await loadMarkdownEngine();
    await flush();
    expect(root.querySelector('.markdown-plain')).toBeNull();
    expect(root.querySelector('.markdown strong')?.textContent).toBe('Bold');
    expect(root.querySelector('img')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('a streaming answer renders once the engine is loaded', async () => {
    await loadMarkdownEngine();
    render(<Markdown text={'# Title\n\nsome *words*'} streaming />, root);
    await flush();
    expect(root.querySelector('.markdown h1')?.textContent).toBe('Title');
    expect(root.querySelector('.markdown em')?.textContent).toBe('words');
  });
});
