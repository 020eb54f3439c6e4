/** A form-heavy page: about 5,000 elements, 200 fields of every kind, plus honeypots and a password. */
export function formsPageHtml(): string {
  const parts: string[] = ['<!doctype html><html lang="en"><head><title>Forms bench</title></head><body><header><nav>'];
  for (let i = 0; i < 40; i++) parts.push(`<a href="/n${i}">Nav ${i}</a>`);
  parts.push('</nav></header><main>');
  let fields = 0;
  for (let f = 0; f < 10; f++) {
    parts.push(`<form id="form${f}" aria-label="Section ${f}"><fieldset><legend>Group ${f}</legend>`);
    for (let j = 0; j < 20; j++, fields++) {
      const n = `f${fields}`;
      const kind = j % 10;
      parts.push('<div class="row"><div class="cell"><span class="hint">Field hint</span>');
      if (kind < 6)
        parts.push(
          `<label for="${n}">Text field ${fields}</label><input id="${n}" name="${n}" type="${['text', 'email', 'tel', 'text', 'url', 'text'][kind]}">`,
        );
      else if (kind === 6)
        parts.push(
          `<label for="${n}">Choice ${fields}</label><select id="${n}" name="${n}"><option value="a">Alpha</option><option value="b">Beta</option><option value="c">Gamma</option></select>`,
        );
      else if (kind === 7) parts.push(`<label><input type="checkbox" name="${n}"> Check ${fields}</label>`);
      else if (kind === 8)
        parts.push(`<label for="${n}">Long ${fields}</label><textarea id="${n}" name="${n}"></textarea>`);
      else parts.push(`<label for="${n}">Date ${fields}</label><input id="${n}" name="${n}" type="date">`);
      parts.push('</div></div>');
    }
    parts.push(
      `<input type="password" name="pw${f}"><input name="hp${f}" tabindex="-1" style="position:absolute;left:-9999px"><button type="submit">Save ${f}</button></fieldset></form>`,
    );
  }
  // Filler to reach about 5,000 elements, as real pages carry far more markup than fields.
  parts.push('<section>');
  for (let i = 0; i < 1_000; i++)
    parts.push(`<div class="card"><h3>Item ${i}</h3><p>Some <b>text</b> <a href="/i${i}">more</a></p></div>`);
  parts.push('</section></main></body></html>');
  return parts.join('');
}

/** A long article of about 1 MB of HTML, with headings, links, tables and some hidden text. */
export function articleHtml(bytes = 1_000_000): string {
  const parts: string[] = [
    '<!doctype html><html lang="en"><head><title>Big article</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>A very long article</h1>',
  ];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    let chunk = `<h2>Section ${i}</h2><p>Lorem ipsum <b>dolor</b> sit amet, <a href="https://example.com/${i}">consectetur</a> adipiscing elit ${i}. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.<span style="display:none">hidden ${i}</span></p><p>Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. <em>Excepteur</em> sint occaecat cupidatat non proident.</p>`;
    if (i % 20 === 0)
      chunk +=
        '<table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>';
    parts.push(chunk);
    size += chunk.length;
  }
  parts.push('</article></main><footer>Footer</footer></body></html>');
  return parts.join('');
}
