import { expect, it } from 'vitest';
import { appendToLastText } from '../../../components/ui/append-to-last-text';
import { renderMarkdown } from '../../../components/ui/render-markdown';

const block = (md: string) => {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(md);
  return div;
};

it('appends inside the last paragraph, list item or code block, never after it', () => {
  const p = block('Hello **world** and');
  expect(appendToLastText(p, ' more <b>text</b>')).toBe(true);
  expect(p.querySelectorAll('p')).toHaveLength(1);
  expect(p.querySelector('p')!.textContent).toBe('Hello world and more <b>text</b>');
  expect(p.querySelector('b')).toBeNull();

  const list = block('- one\n- two');
  appendToLastText(list, ' and a half');
  expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two and a half']);

  const code = block('```js\nlet a');
  appendToLastText(code, ' = 1;');
  expect(code.querySelector('code')!.textContent).toBe('let a = 1;');
});

it('refuses when there is no text to extend, so the caller renders in full', () => {
  expect(appendToLastText(block('---'), 'x')).toBe(false);
  expect(appendToLastText(document.createElement('div'), 'x')).toBe(false);
  // Text after a link would land inside it (before the host the panel shows beside it): render in full.
  const link = block('see [docs](https://docs.example.org/)');
  expect(appendToLastText(link, ' and more')).toBe(false);
  expect(link.querySelector('a')!.textContent).toBe('docs');
});

it('knows which text renders exactly as written', async () => {
  const { isPlainMarkdownText } = await import('../../../components/ui/append-to-last-text');
  expect(isPlainMarkdownText(' plain words, and more; "quoted" ok?')).toBe(true);
  for (const s of ['**', '_x', '`', '[a](b)', '<b>', '\n', '# ', '1.', 'a|b', '&amp;', 'http://x'])
    expect(isPlainMarkdownText(s)).toBe(false);
});
