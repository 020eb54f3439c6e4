import { defineConfig } from 'wxt';
import type { Plugin } from 'vite';
import preact from '@preact/preset-vite';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';

// pdf.js's worker, CMaps and standard fonts ship inside the extension (lib/documents/serve-read-document.ts):
// reading a PDF fetches nothing from the network.
const pdfjsDir = resolve('node_modules/pdfjs-dist');
const pdfjsAssets = [
  { absoluteSrc: resolve(pdfjsDir, 'build/pdf.worker.min.mjs'), relativeDest: 'pdfjs/pdf.worker.min.mjs' },
  ...['cmaps', 'standard_fonts'].flatMap((dir) =>
    readdirSync(resolve(pdfjsDir, dir)).map((f) => ({
      absoluteSrc: resolve(pdfjsDir, dir, f),
      relativeDest: `pdfjs/${dir}/${f}`,
    })),
  ),
];

// dom-accessibility-api (the page agent's accessible names) ships ES5 polyfills of Array.from and Set, and picks
// its Set polyfill even where Set exists (`typeof Set === "undefined" ? Set : SetLike`). Chrome has both: the
// page agent, injected into every page a run acts on, uses the built-ins instead (2.4 KB less to inject).
const nativePolyfills: Plugin = {
  name: 'tabwise:native-polyfills',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer?.includes('dom-accessibility-api')) return null;
    if (source === './polyfills/SetLike.mjs') return '\0tabwise-native:Set';
    if (source === './polyfills/array.from.mjs') return '\0tabwise-native:Array.from';
    return null;
  },
  load(id) {
    if (id === '\0tabwise-native:Set') return 'export default Set;';
    if (id === '\0tabwise-native:Array.from') return 'export default Array.from;';
    return null;
  },
};

// The manifest is the security boundary of the extension: keep permissions minimal and explicit.
export default defineConfig({
  manifestVersion: 3,
  hooks: {
    // The toolbar shows the icons WXT found in public/icon/ (16…128), named explicitly for the action.
    'build:manifestGenerated'(_wxt, manifest) {
      if (manifest.icons && manifest.action) manifest.action.default_icon = manifest.icons;
    },
    // OpenAI's encodings as files the worker fetches on a model's first run (lib/background/fetch-encoding.ts),
    // not as modules: in a bundle they would be parsed at every start of the worker. And pdf.js's files.
    'build:publicAssets'(_wxt, files) {
      files.push(
        ...pdfjsAssets,
        { relativeDest: 'tokenizers/o200k_base.json', contents: JSON.stringify(o200k) },
        { relativeDest: 'tokenizers/cl100k_base.json', contents: JSON.stringify(cl100k) },
      );
    },
    // The retrieval bench's engine page exists only in the bench build (`wxt build --mode bench`, written to
    // .output/chrome-mv3-bench): the product contains no bench code.
    'entrypoints:found'(wxt, infos) {
      if (wxt.config.mode === 'bench')
        infos.push({
          name: 'engine-bench',
          inputPath: resolve('tests/bench/retrieval/engine-bench/index.html'),
          type: 'unlisted-page',
        });
    },
  },
  vite: () => ({
    plugins: [preact(), nativePolyfills],
    // TABWISE_SOURCEMAP=1 writes source maps beside the scripts (tests/bench/_worker-start-profile.ts reads them).
    build: { target: 'es2022', chunkSizeWarningLimit: 4096, sourcemap: process.env.TABWISE_SOURCEMAP === '1' },
  }),
  manifest: {
    // Name, description and titles are translated (public/_locales/<lang>/messages.json); English is the fallback.
    default_locale: 'en',
    name: '__MSG_ext_name__',
    short_name: 'Tabwise',
    // The store listing's summary (at most 132 characters).
    description: '__MSG_ext_description__',
    // No content script is declared: the page agent is injected (chrome.scripting) into the frames a run acts
    // on, and the capture script is registered at run time only while "Remember what I read" is on.
    // tabGroups: the tabs a run opens are kept in one group named for its conversation (lib/tools/tabs).
    // declarativeNetRequestWithHostAccess: session rules that drop the Origin header on the extension's own
    // requests to local model servers (lib/background/local-origin-rules.ts), so Ollama needs no OLLAMA_ORIGINS.
    // It also keeps a run's tabs on the origins the run was approved for (lib/tools/tabs/run-origin-rules.ts);
    // alarms also fire scheduled tasks; notifications: a scheduled run says it waits for an approval or finished.
    // webNavigation: only to hear that such a rule stopped a page's redirect, so the tool that caused it says so.
    // identity: only launchWebAuthFlow, for Settings → Team's "Sign in with your organisation" (no Google account).
    permissions: [
      'sidePanel',
      'storage',
      'tabs',
      'scripting',
      'offscreen',
      'alarms',
      'unlimitedStorage',
      'declarativeNetRequestWithHostAccess',
      'contextMenus',
      'tabGroups',
      'webNavigation',
      'notifications',
      'identity',
    ],
    // Provider endpoints are user-configured (cloud or local), so the worker must be able to reach any origin.
    host_permissions: ['<all_urls>'],
    // Never enabled in incognito: Chrome then gives the extension no incognito tab, event or window, so no
    // incognito page text or run can reach its on-disk stores (split mode documents only its cookies as memory-only).
    incognito: 'not_allowed',
    // What an organisation may set through Chrome policy (chrome.storage.managed; lib/policy mirrors it in zod).
    storage: { managed_schema: 'managed_schema.json' },
    action: { default_title: '__MSG_ext_action_title__' },
    side_panel: { default_path: 'sidepanel.html' },
    // The action opens the side panel (setPanelBehavior), so its command is the panel's shortcut; people
    // change it in chrome://extensions/shortcuts.
    commands: {
      _execute_action: {
        suggested_key: { default: 'Ctrl+Shift+Y', mac: 'Command+Shift+Y' },
        description: '__MSG_ext_command_open_panel__',
      },
    },
    // Defence in depth behind the answer sanitiser: extension pages (and the worker) load nothing remote but
    // what `connect-src` allows: providers (user-configured: any https host, plain http only on loopback),
    // the embedding model from huggingface.co (https) and blob:/data: URLs the embedder reads its own files by;
    // `file:` so read_page can fetch a local PDF a tab shows (Chrome answers it only while the user has turned on
    // "Allow access to file URLs" for Tabwise; without `file:` here it is refused even then).
    // No remote images, media, frames or objects, whatever a page gets a model to write.
    content_security_policy: {
      extension_pages: [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "object-src 'none'",
        "img-src 'self' data:",
        "media-src 'none'",
        "frame-src 'none'",
        "connect-src 'self' https: http://127.0.0.1:* http://localhost:* blob: data: file:",
      ].join('; '),
    },
    // Cross-origin isolation gives the embedding worker SharedArrayBuffer, so onnxruntime-web can use
    // threads. Extension pages load nothing cross-origin by themselves (model Markdown renders no images).
    cross_origin_embedder_policy: { value: 'require-corp' },
    cross_origin_opener_policy: { value: 'same-origin' },
  },
});
