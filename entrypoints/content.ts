import { startPageAgent } from '../lib/page/content-agent';
import { readPage } from '../lib/page/read-page';
import { startPageCapture } from '../lib/retrieval/capture-page';

// Every frame of every page: the page tools' hands. Each feature starts its own part from lib/.
export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_idle',
  main(ctx) {
    startPageAgent(() => readPage, ctx);
    startPageCapture({ window, send: (message) => chrome.runtime.sendMessage(message) });
  },
});
