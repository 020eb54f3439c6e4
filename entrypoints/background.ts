import type { PromptLibrary } from '../lib/agent/prompt-library';
import { createUndoFillHandler } from '../lib/background/create-undo-fill-handler';
import { createRouteToPage } from '../lib/tools/page/route-to-page';
import { startBackground } from '../lib/background/start-background';
import { createHistoryFeature } from '../lib/retrieval/create-history-feature';
import { createPageTools } from '../lib/tools/page/page-tools';

// Prompts are bundled at build time: the worker may not use dynamic import().
const prompts = import.meta.glob<string>('/prompts/**/*.md', { query: '?raw', import: 'default', eager: true }) as PromptLibrary;

export default defineBackground(() => {
  const history = createHistoryFeature();
  startBackground({
    prompts,
    pageTools: createPageTools({ routeToPage: createRouteToPage() }),
    extraHandlers: { 'page.undoFill': createUndoFillHandler(), ...history.extraHandlers },
    extraTools: history.extraTools,
    onContentMessage: history.onContentMessage,
    augmentRunSettings: history.augmentRunSettings,
  });
});
