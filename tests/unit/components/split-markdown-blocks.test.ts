import { expect, it } from 'vitest';
import { extendMarkdownBlocks, splitMarkdownBlocks } from '../../../components/ui/split-markdown-blocks';

it('splits at top-level blocks and loses no character', () => {
  const md =
    '# Title\n\nFirst paragraph\nstill first.\n\n- a\n- b\n\n```js\nconst x = 1;\n\nconst y = 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nlast';
  const blocks = splitMarkdownBlocks(md);
  expect(blocks.join('')).toBe(md);
  expect(blocks.map((b) => b.trim().split('\n')[0])).toEqual([
    '# Title',
    'First paragraph',
    '- a',
    '```js',
    '| a | b |',
    'last',
  ]);
});

it('keeps a code fence that is still open as one growing block', () => {
  const blocks = splitMarkdownBlocks('Intro\n\n```py\nprint(1)\n\nprint(2)');
  expect(blocks).toHaveLength(2);
  expect(blocks[1]).toContain('print(2)');
});

it('extending a growing text re-lexes only its tail and agrees with a full split', () => {
  const full = 'Intro paragraph.\n\n## Heading\n\nSome text with **bold**.\n\n```ts\nlet a = 1;\n```\n\nEnd.';
  let state = { text: '', blocks: [] as string[] };
  for (let i = 1; i <= full.length; i += 3) {
    const text = full.slice(0, i);
    state = { text, blocks: extendMarkdownBlocks(state, text) };
    expect(state.blocks.join('')).toBe(text);
  }
  const final = extendMarkdownBlocks(state, full);
  expect(final).toEqual(splitMarkdownBlocks(full));
});
