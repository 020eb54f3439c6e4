/**
 * The page agent's screenshot commands: draw the masks (secrets hidden, refs labelled when asked) and wait
 * until they are painted, then take them away once the background has captured the tab.
 */
import type { Commands } from './page-command-handlers';
import type { PageAgentState } from './page-agent-state';
import { drawScreenshotMasks } from './screenshot-masks';

export function screenshotCommands(
  { runs, screenshot }: Pick<PageAgentState, 'runs' | 'screenshot'>,
  doc: Document,
): Pick<Commands, 'screenshot_prepare' | 'screenshot_done'> {
  return {
    async screenshot_prepare({ refs }, c) {
      screenshot.masks?.remove();
      screenshot.masks = drawScreenshotMasks(doc, refs ? { labels: runs.get(c.runId)?.allowlist } : {});
      await painted(doc);
      return { masked: screenshot.masks.masked, labelled: screenshot.masks.labelled };
    },
    screenshot_done() {
      const removed = !!screenshot.masks;
      screenshot.masks?.remove();
      screenshot.masks = undefined;
      return { removed };
    },
  };
}

/** Resolves once what was just drawn has been painted (two frames), or after 200 ms in a tab that does not paint. */
function painted(doc: Document): Promise<void> {
  const win = doc.defaultView;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200);
    win?.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}
