import { useMemo } from 'preact/hooks';
import { renderMarkdown } from '../../lib/ui/render-markdown';

/** Sanitised Markdown; clicks on a code block's Copy button copy that block's code. */
export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
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
  return <div class="markdown" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
