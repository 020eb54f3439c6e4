import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

/**
 * A Turndown instance that writes GitHub-flavoured Markdown (tables, strikethrough, task lists).
 * Images keep their alt text and only http(s) sources, so data: URIs cannot eat the size budget.
 */
export function createMarkdownConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
  });
  service.use(gfm);
  service.addRule('web-images-only', {
    filter: 'img',
    replacement: (_content, node) => {
      const img = node as HTMLImageElement;
      const alt = (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
      const src = img.getAttribute('src') ?? '';
      if (!/^https?:/i.test(img.src || src)) return alt;
      return `![${alt.replace(/[[\]]/g, '\\$&')}](${img.src || src})`;
    },
  });
  // Form controls carry no readable text; their state is get_form_state's business.
  service.remove(['input', 'select', 'textarea', 'button', 'iframe', 'object', 'embed', 'canvas', 'svg' as keyof HTMLElementTagNameMap]);
  return service;
}
