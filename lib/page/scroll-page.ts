/** Where to scroll: a direction by most of a screen, or the element into view. */
export type ScrollDirection = 'up' | 'down' | 'left' | 'right' | 'into_view';

/** What a scroll came to: the page's scroll position and whether more lies below. */
export interface ScrollOutcome {
  scrollX: number;
  scrollY: number;
  atBottom: boolean;
  /** When a scrollable area scrolled (not the page): where it is and whether its end is reached. */
  area?: { scrollTop: number; scrollHeight: number; atEnd: boolean };
}

/** The element itself when it scrolls, else the nearest ancestor that does (undefined: the page). */
function scroller(el: Element): Element | undefined {
  const view = el.ownerDocument.defaultView;
  for (
    let e: Element | null = el;
    e && e !== el.ownerDocument.documentElement && e !== el.ownerDocument.body;
    e = e.parentElement
  ) {
    const overflow = view?.getComputedStyle(e).overflowY ?? '';
    if (/(auto|scroll)/.test(overflow) && e.scrollHeight > e.clientHeight) return e;
  }
  return undefined;
}

/** Scrolls the page, or the scrollable area around `el`, or `el` into view; answers where the page is. */
export function scrollPage(doc: Document, direction: ScrollDirection, el?: Element): ScrollOutcome {
  const view = doc.defaultView ?? window;
  let box: Element | undefined;
  if (direction === 'into_view' && el) el.scrollIntoView({ block: 'center', inline: 'nearest' });
  else if (direction !== 'into_view') {
    box = el ? scroller(el) : undefined;
    const height = box ? box.clientHeight : view.innerHeight;
    const width = box ? box.clientWidth : view.innerWidth;
    const delta = { up: [0, -0.8 * height], down: [0, 0.8 * height], left: [-0.8 * width, 0], right: [0.8 * width, 0] }[
      direction
    ];
    const [left, top] = delta as [number, number];
    (box ?? view).scrollBy({ left, top, behavior: 'instant' });
  }
  const root = doc.scrollingElement ?? doc.documentElement;
  const page = {
    scrollX: Math.round(view.scrollX),
    scrollY: Math.round(view.scrollY),
    atBottom: view.scrollY + view.innerHeight >= root.scrollHeight - 2,
  };
  // A box that scrolled is what the model asked about: a "read to the end" box says whether its end is reached.
  if (!box) return page;
  return {
    ...page,
    area: {
      scrollTop: Math.round(box.scrollTop),
      scrollHeight: box.scrollHeight,
      atEnd: box.scrollTop + box.clientHeight >= box.scrollHeight - 2,
    },
  };
}
