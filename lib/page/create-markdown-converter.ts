import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

/**
 * A Turndown instance that writes GitHub-flavoured Markdown (tables, strikethrough, task lists).
 * An image becomes only its alt text, marked as such (`[image: alt]`): alt is page-written text a person
 * does not read as prose, and an image URL is nothing the model needs. Links lose their title (hover text).
 */
export function createMarkdownConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
  });
  service.use(gfm);
  service.addRule('image-as-marked-alt', {
    filter: 'img',
    replacement: (_content, node) => {
      const alt = ((node as HTMLImageElement).getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
      return alt ? `[image: ${alt.replace(/[[\]]/g, '')}]` : '';
    },
  });
  service.addRule('links-without-titles', {
    filter: (node) => node.nodeName === 'A' && !!(node as HTMLAnchorElement).getAttribute('href'),
    replacement: (content, node) => {
      const href = ((node as HTMLAnchorElement).getAttribute('href') ?? '').replace(/[()\s]/g, encodeURIComponent);
      return content.trim() ? `[${content}](${href})` : '';
    },
  });
  // Form controls carry no readable text; their state is get_form_state's business.
  service.remove([
    'input',
    'select',
    'textarea',
    'button',
    'iframe',
    'object',
    'embed',
    'canvas',
    'svg' as keyof HTMLElementTagNameMap,
  ]);
  return service;
}
