/**
 * The answer renderer, in the module the panel loads after its first paint (load-markdown-engine.ts) with marked
 * and DOMPurify: sanitised blocks, the live block of a streaming answer, and the link gate on every click.
 */
import { memo } from 'preact/compat';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { addCodeToolbars } from '../ui/add-code-toolbars';
import { appendToLastText, isPlainMarkdownText } from '../ui/append-to-last-text';
import { describeLink } from '../ui/describe-link';
import { renderMarkdown } from '../ui/render-markdown';
import { extendMarkdownBlocks, splitMarkdownBlocks } from '../ui/split-markdown-blocks';
import { LinkConfirm } from './lazy-parts';
import { useLinkGate } from './use-link-gate';
import { looksLikeSheetCitation, openOwnSheetView } from './sheet-link';

/** Puts sanitised answer HTML into `el`, then the panel's own controls beside it. */
function showAnswerHtml(el: HTMLElement, source: string): void {
  el.innerHTML = renderMarkdown(source);
  addCodeToolbars(el);
}

/** A finished block; memoised on its source, so it is never parsed or patched again. */
const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) showAnswerHtml(ref.current, source);
  }, [source]);
  return <div class="md-block" ref={ref} />;
});

/** How often a still-growing block is parsed and sanitised again; between times new text is appended as is. */
const FULL_RENDER_MS = 100;

/**
 * The block still being written. Re-rendering it on every delta costs the size of the block, which grows
 * without bound in a long paragraph; instead each delta's text is appended after the last text node at once
 * (as text, so it is safe). Text that could change the formatting (markup characters, line breaks) brings a
 * proper render within 100 ms; plain words never need one. The finished answer is rendered whole.
 */
function LiveBlock({ source }: { source: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef('');
  const latest = useRef(source);
  const renderedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  latest.current = source;

  const renderFull = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const el = ref.current;
    if (!el) return;
    showAnswerHtml(el, latest.current);
    shown.current = latest.current;
    renderedAt.current = performance.now();
  };

  useLayoutEffect(() => {
    const el = ref.current;
    const since = performance.now() - renderedAt.current;
    const tail = source.slice(shown.current.length);
    if (
      el &&
      shown.current &&
      source.startsWith(shown.current) &&
      (timer.current !== undefined || since < FULL_RENDER_MS || isPlainMarkdownText(tail)) &&
      appendToLastText(el, tail)
    ) {
      shown.current = source;
      if (!isPlainMarkdownText(tail)) timer.current ??= setTimeout(renderFull, Math.max(0, FULL_RENDER_MS - since));
    } else if (source !== shown.current) {
      renderFull();
    }
  }, [source]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return <div class="md-block" ref={ref} />;
}

/**
 * Sanitised Markdown; `streaming` while the text still grows. Links show their host (styles.css, from the
 * renderer's `data-host`); one carrying unusual data, or text the conversation read on another site, opens
 * only after the user confirms its full URL (use-link-gate.ts).
 */
export function RenderedMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  const split = useRef({ text: '', blocks: [] as string[] });
  const gate = useLinkGate();
  const blocks = useMemo(() => {
    const blocks = streaming ? extendMarkdownBlocks(split.current, text) : splitMarkdownBlocks(text);
    split.current = { text, blocks };
    return blocks;
  }, [text, streaming]);
  const onClick = (e: MouseEvent) => {
    const link = e.target instanceof Element ? e.target.closest('a') : null;
    if (!link) return;
    // Judged again from the href itself, not from attributes on the element.
    const href = link.getAttribute('href');
    const described = href ? describeLink(href) : undefined;
    if (!href || !described) {
      e.preventDefault();
      // An attached spreadsheet's citation: the reader page, checked again here.
      if (href) openOwnSheetView(href);
      return;
    }
    // With no check to wait for, an ordinary link opens as the browser opens it (the renderer set its target).
    // A spreadsheet citation opens the reader page, which only the gate knows.
    if (!gate.checks && !described.suspicious && !looksLikeSheetCitation(href)) return;
    e.preventDefault();
    void gate.follow(href, described);
  };
  return (
    // A middle click opens a link without a click event: it goes through the same gate.
    <div class="markdown" onClick={onClick} onAuxClick={(e) => e.button === 1 && onClick(e)}>
      {blocks.map((source, i) =>
        streaming && i === blocks.length - 1 ? (
          <LiveBlock key={`live-${i}`} source={source} />
        ) : (
          <MarkdownBlock key={i} source={source} />
        ),
      )}
      {gate.pending && <LinkConfirm {...gate.pending} onOpen={gate.open} onCancel={gate.cancel} />}
    </div>
  );
}
