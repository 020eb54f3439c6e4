import { markdownEngine, preloadMarkdownEngine } from './load-markdown-engine';

/**
 * An answer's Markdown; `streaming` while the text still grows. Until the renderer has loaded (after the
 * panel's first paint) the text shows as plain text, set as text; then markdown-view.tsx draws it sanitised.
 */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const engine = markdownEngine.value;
  if (!engine) {
    preloadMarkdownEngine();
    return <div class="markdown markdown-plain">{text}</div>;
  }
  return <engine.RenderedMarkdown text={text} streaming={streaming} />;
}
