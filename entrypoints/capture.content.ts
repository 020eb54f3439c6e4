import { loadedPageReader } from '../lib/page/page-reader';
import { startPageCapture } from '../lib/retrieval/capture/capture-page';

// Page capture for "Remember what I read": registered by the background (chrome.scripting) only while
// remembering is on, in top frames. It stays small: the page reader is loaded into the frame on demand,
// through the background, once a page has been visible long enough to be captured.
export default defineContentScript({
  registration: 'runtime',
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  main(ctx) {
    const stop = startPageCapture({
      window,
      async read(doc, options, load) {
        if (!loadedPageReader()) await load();
        const reader = loadedPageReader();
        if (!reader) throw new Error('the page reader could not be loaded');
        return reader(doc, options);
      },
    });
    ctx.onInvalidated(stop);
  },
});
