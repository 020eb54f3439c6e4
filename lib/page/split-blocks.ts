/** Elements that add no Markdown of their own, so their children can be converted one by one. */
const CONTAINERS = new Set([
  'BODY',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'NAV',
  'FORM',
  'CENTER',
  'HGROUP',
]);
const BLOCKS = new Set([
  ...CONTAINERS,
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'DL',
  'TABLE',
  'PRE',
  'BLOCKQUOTE',
  'FIGURE',
  'HR',
  'ADDRESS',
  'DETAILS',
  'FIELDSET',
  'LI',
  'DD',
  'DT',
]);

/** A run of sibling nodes that converts to one Markdown block. */
export interface Block {
  nodes: Node[];
  /** Whether the parent's own text is invisible (visibility:hidden); only meaningful on a live tree. */
  textHidden: boolean;
}

/**
 * Splits `root` into blocks whose Markdown, joined by blank lines, reads like the whole. Converting block by
 * block lets read_page stop once its window is full instead of converting a whole 1 MB page to return 20 kB
 * of it. Never mutates the tree. `skip` lets a caller drop containers (invisible ones on a live page).
 */
export function splitBlocks(
  root: Element,
  skip: (el: Element) => 'hidden' | 'text-hidden' | 'visible' = () => 'visible',
): Block[] {
  const blocks: Block[] = [];
  visit(root, false, blocks, skip);
  return blocks;
}

function visit(
  el: Element,
  textHidden: boolean,
  blocks: Block[],
  skip: Parameters<typeof splitBlocks>[1] & object,
): void {
  if (!hasBlockChild(el)) {
    blocks.push({ nodes: [el], textHidden: false });
    return;
  }
  let run: Node[] = [];
  const flush = () => {
    if (run.some((n) => n.nodeType === 1 || (n.textContent ?? '').trim())) blocks.push({ nodes: run, textHidden });
    run = [];
  };
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && BLOCKS.has((child as Element).tagName)) {
      flush();
      if (!CONTAINERS.has((child as Element).tagName)) blocks.push({ nodes: [child], textHidden: false });
      else {
        const verdict = skip(child as Element);
        if (verdict !== 'hidden') visit(child as Element, verdict === 'text-hidden', blocks, skip);
      }
    } else if (child.nodeType === 1 || child.nodeType === 3) {
      run.push(child);
    }
  }
  flush();
}

function hasBlockChild(el: Element): boolean {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (BLOCKS.has(c.tagName)) return true;
  return false;
}
