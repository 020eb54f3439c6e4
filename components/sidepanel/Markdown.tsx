import { memo } from 'preact/compat';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { appendToLastText, isPlainMarkdownText } from '../ui/append-to-last-text';
import { renderMarkdown } from '../ui/render-markdown';
import { extendMarkdownBlocks, splitMarkdownBlocks } from '../ui/split-markdown-blocks';

/** A finished block; memoised on its source, so it is never parsed or patched again. */
const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div class="md-block" dangerouslySetInnerHTML={{ __html: html }} />;
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
    el.innerHTML = renderMarkdown(latest.current);
    shown.current = latest.current;
    renderedAt.current = performance.now();
  };

  useLayoutEffect(() => {
    const el = ref.current;
    const since = performance.now() - renderedAt.current;
    const tail = source.slice(shown.current.length);
    if (el && shown.current && source.startsWith(shown.current) && (timer.current !== undefined || since < FULL_RENDER_MS || isPlainMarkdownText(tail)) && appendToLastText(el, tail)) {
      shown.current = source;
      if (!isPlainMarkdownText(tail)) timer.current ??= setTimeout(renderFull, Math.max(0, FULL_RENDER_MS - since));
    } else if (source !== shown.current) {
      renderFull();
    }
  }, [source]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return <div class="md-block" ref={ref} />;
}

/** Sanitised Markdown; `streaming` while the text still grows. Copy buttons copy their code block. */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const split = useRef({ text: '', blocks: [] as string[] });
  const blocks = useMemo(() => {
    const blocks = streaming ? extendMarkdownBlocks(split.current, text) : splitMarkdownBlocks(text);
    split.current = { text, blocks };
    return blocks;
  }, [text, streaming]);
  const onClick = (e: MouseEvent) => {
    const button = (e.target as HTMLElement).closest('button[data-copy]');
    const code = button?.closest('.code-block')?.querySelector('code');
    if (!button || !code) return;
    void navigator.clipboard.writeText(code.textContent ?? '').then(
      () => (button.textContent = 'Copied'),
      () => (button.textContent = 'Copy failed'),
    );
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  };
  return (
    <div class="markdown" onClick={onClick}>
      {blocks.map((source, i) =>
        streaming && i === blocks.length - 1 ? <LiveBlock key={`live-${i}`} source={source} /> : <MarkdownBlock key={i} source={source} />,
      )}
    </div>
  );
}
