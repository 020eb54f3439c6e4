import { startRecorderClient } from '../lib/page/record-client';

// Injected by the worker (chrome.scripting) into the one tab being recorded, only while recording.
export default defineUnlistedScript(() => {
  startRecorderClient();
});
