import { startPageAgent } from '../lib/page/content-agent';
import { installPageReader } from '../lib/page/page-reader';
import { readPage } from '../lib/page/read-page';
import { startPageCapture } from '../lib/retrieval/capture/capture-page';

// Every frame of every page: the page tools' hands. Each feature starts its own part from lib/.
export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_idle',
  main(ctx) {
    // The page reader is meant to be injected on demand (entrypoints/page-reader.ts). Page capture still
    // imports readPage statically, so it is in this bundle anyway and is installed at once; when capture
    // loads it on demand too, these two imports and this line go, and the bundle loses about 57 KB.
    installPageReader(readPage);
    startPageAgent(ctx);
    startPageCapture({ window, read: readPage, send: (message) => chrome.runtime.sendMessage(message) });
  },
});
