import { installWebmcpRelay } from '../lib/page/webmcp-relay';

// navigator.modelContext for pages that register tools in script, where the browser has none: registered by
// the background (chrome.scripting, world MAIN, document start, every frame) only while "Use the tools sites
// offer" is on. It records registrations and answers only the page agent's port (lib/page/webmcp-relay.ts).
export default defineContentScript({
  registration: 'runtime',
  matches: ['<all_urls>'],
  runAt: 'document_start',
  world: 'MAIN',
  allFrames: true,
  main() {
    installWebmcpRelay(window);
  },
});
