/**
 * What must never be in a rendered answer, checked on the live DOM: an element outside HTML's namespace (SVG,
 * MathML), one that loads or submits anything or draws a control, an attribute that loads a resource, runs
 * script or styles, a class the panel did not set, and a link that is not http(s)/mailto or lacks
 * `target=_blank` and `rel="noopener noreferrer"`. Returns one line per finding.
 *
 * Self-contained (no imports, no named inner functions) so Playwright can run it in a page by its source.
 * Buttons are allowed only as the panel's own code toolbar (`.code-block > .code-bar > button.copy`).
 */
export function findUnsafeMarkup(root: Element): string[] {
  const found: string[] = [];
  const forbiddenTags = new Set([
    'script',
    'style',
    'img',
    'picture',
    'source',
    'video',
    'audio',
    'track',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'link',
    'meta',
    'base',
    'form',
    'input',
    'button',
    'select',
    'option',
    'textarea',
    'dialog',
    'template',
    'image',
    'portal',
    'bgsound',
    'area',
    'map',
    'noscript',
    'math',
    'svg',
    'xmp',
    'marquee',
    'body',
    'html',
    'head',
  ]);
  const resourceAttrs = new Set([
    'src',
    'srcset',
    'background',
    'poster',
    'data',
    'action',
    'formaction',
    'ping',
    'lowsrc',
    'dynsrc',
    'srcdoc',
    'usemap',
    'attributionsrc',
    'style',
    'id',
    'name',
    'download',
  ]);
  const ourClasses = /^(md-block|code-block|code-bar|copy|image-link|language-[\w+-]+)$/;
  for (const el of root.querySelectorAll('*')) {
    const tag = el.localName;
    const where = `<${tag}>`;
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`foreign element ${where} (${el.namespaceURI})`);
    const panelButton = tag === 'button' && el.matches('.code-block > .code-bar > button.copy');
    if (forbiddenTags.has(tag) && !panelButton) found.push(`forbidden element ${where}`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`event handler ${name} on ${where}`);
      else if (name.startsWith('popover')) found.push(`${name} on ${where}`);
      else if (resourceAttrs.has(name) || name.includes(':')) found.push(`attribute ${name} on ${where}`);
      else if (name === 'href' && tag !== 'a') found.push(`href on ${where}`);
      if (/url\s*\(/i.test(attr.value)) found.push(`url() in ${name} on ${where}`);
    }
    for (const c of el.classList) if (!ourClasses.test(c)) found.push(`class "${c}" on ${where}`);
    if (tag === 'a' && el.hasAttribute('href')) {
      const href = el.getAttribute('href') ?? '';
      let protocol = '';
      try {
        protocol = new URL(href).protocol;
      } catch {
        protocol = 'relative';
      }
      if (!['http:', 'https:', 'mailto:'].includes(protocol)) found.push(`link to ${protocol} (${href.slice(0, 60)})`);
      if (el.getAttribute('target') !== '_blank') found.push(`link without target=_blank (${href.slice(0, 60)})`);
      const rel = (el.getAttribute('rel') ?? '').split(/\s+/);
      if (!rel.includes('noopener') || !rel.includes('noreferrer'))
        found.push(`link without rel noopener noreferrer (${href.slice(0, 60)})`);
    }
  }
  return found;
}
