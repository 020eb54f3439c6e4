import { startPageAgent } from '../lib/page/content-agent';

// The page tools' hands, injected by the background (chrome.scripting) into the frames a run acts on, and
// into no other page: nothing of Tabwise runs in a page no run touches.
export default defineUnlistedScript(() => {
  startPageAgent();
});
