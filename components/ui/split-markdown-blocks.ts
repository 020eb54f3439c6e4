/**
 * Splits Markdown into its top-level blocks (paragraphs, lists, tables, fenced code…) with marked's own
 * block lexer (no inline pass: only the boundaries matter here), so a streaming answer can re-render only
 * its last, still-growing block. Blank-line tokens are folded into the block before them.
 */
import { Lexer } from 'marked';

export function splitMarkdownBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  // Lexer.lex would also tokenise every inline span; block boundaries are all that is needed.
  const src = markdown.replace(/\r\n|\r/g, '\n');
  for (const token of new Lexer({ gfm: true }).blockTokens(src, [])) {
    if (token.type === 'space' && blocks.length > 0) blocks[blocks.length - 1] += token.raw;
    else blocks.push(token.raw);
  }
  return blocks;
}

/**
 * The same split for text that only grows: blocks before the last one are kept and only the tail is lexed
 * again, so each delta costs the size of the last block, not of the whole answer. (A finished answer is
 * split whole, since a later line can occasionally join an earlier block, as in a loose list.)
 */
export function extendMarkdownBlocks(previous: { text: string; blocks: string[] }, text: string): string[] {
  if (!text.startsWith(previous.text)) return splitMarkdownBlocks(text);
  const last = previous.blocks[previous.blocks.length - 1];
  const delta = text.slice(previous.text.length);
  // Without a line break, new text only lengthens the last line of the last block: no lexing needed.
  if (last !== undefined && !last.endsWith('\n') && !delta.includes('\n'))
    return [...previous.blocks.slice(0, -1), last + delta];
  if (previous.blocks.length < 2) return splitMarkdownBlocks(text);
  const stable = previous.blocks.slice(0, -1);
  const offset = stable.reduce((n, b) => n + b.length, 0);
  return [...stable, ...splitMarkdownBlocks(text.slice(offset))];
}
