import { installPageReader } from '../lib/page/page-reader';
import { readPageWithVideos } from '../lib/page/read-page-with-videos';

// Injected by the background into one frame when a read_page command finds no reader there, so the page
// agent in every frame stays small. Runs in the same isolated world as the content script.
export default defineUnlistedScript(() => {
  installPageReader(readPageWithVideos);
});
