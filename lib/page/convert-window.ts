import type TurndownService from 'turndown';
import type { Block } from './split-blocks';

/** The Markdown a window needs, and how long the whole would be. */
export interface ConvertedWindow {
  /** Markdown of the whole content up to at least `need` characters. */
  markdown: string;
  totalChars: number;
  /** True when `totalChars` was extrapolated from the text not yet converted. */
  estimated: boolean;
}

const SEPARATOR = '\n\n';

/**
 * Converts blocks to Markdown until `need` characters exist, then extrapolates the total from the length of
 * the text not converted. The prefix is the same on every call, so continuation offsets stay valid.
 * Only `lazy` (large) content stops early; anything smaller is converted whole so its total is exact.
 * `materialize` turns a block into an element Turndown can read (for a live page: a pruned copy).
 */
export function convertWindow(
  converter: TurndownService,
  blocks: Block[],
  need: number,
  materialize: (block: Block) => Element,
  lazy: boolean,
): ConvertedWindow {
  const parts: string[] = [];
  let length = 0;
  let textSeen = 0;
  let i = 0;
  for (; i < blocks.length && (length < need || !lazy); i++) {
    const block = blocks[i] as Block;
    const element = materialize(block);
    textSeen += (element.textContent ?? '').length;
    const md = converter
      .turndown(element as HTMLElement)
      .replace(/\n{3,}/g, SEPARATOR)
      .trim();
    if (!md) continue;
    length += (parts.length ? SEPARATOR.length : 0) + md.length;
    parts.push(md);
  }
  const markdown = parts.join(SEPARATOR);
  if (i >= blocks.length) return { markdown, totalChars: markdown.length, estimated: false };
  let textLeft = 0;
  for (; i < blocks.length; i++)
    for (const node of (blocks[i] as Block).nodes) textLeft += (node.textContent ?? '').length;
  const ratio = textSeen > 0 ? markdown.length / textSeen : 1;
  return { markdown, totalChars: markdown.length + Math.round(textLeft * ratio), estimated: true };
}
