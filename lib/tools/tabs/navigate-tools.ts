/**
 * navigate, go_back and open_tab: moving the run's tab, and opening tabs for the run in its tab group.
 * Going to an origin the run has not been to is asked (the card names the origin; "always allow" is per
 * origin); only http(s) addresses are accepted, checked before anything is asked. The tab is guarded before
 * it moves (run-origin-rules.ts): a redirect or script hop to an origin not in the run is stopped before its
 * request leaves, and the call fails saying where the page tried to go.
 */
import { z } from 'zod';
import { t } from '../../util/t';
import { defineTool, type Tool } from '../define-tool';
import { addressParts } from '../address-parts';
import { originOf } from '../origin-of';
import { ToolError } from '../tool-error';
import { describeTab } from './describe-tab';
import { createNavigationSteps, destination, NEEDS_SNAPSHOT, url } from './navigation-steps';
import { createOpenTabTool } from './open-tab-tool';
import { asksForDestination, locateDestination } from './locate-destination';
import type { RunTabAccess } from './run-tab-access';

export { HOP_GRACE_MS } from './navigation-steps';

export function createNavigateTools(access: RunTabAccess): Tool[] {
  const { browser } = access;
  const { runTab, settle, remember, stepForward, backStaysInRun } = createNavigationSteps(access);

  return [
    defineTool({
      name: 'navigate',
      input: z.object({ url }),
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      untrustedOutput: 'page_content',
      locate: (input, ctx) => locateDestination(access, input.url, ctx),
      asksFor: (input, ctx) => asksForDestination(access, input.url, ctx),
      // The address can carry read text out: then it is asked with the flow named, whatever the origin's approval.
      writtenValues: (input) => [{ field: 'url', value: addressParts(input.url) }],
      async preview(input, ctx) {
        const tab = await runTab(ctx, 'navigate');
        return `${t('preview_navigate_to', destination(input.url).url)}\n${t('preview_navigate_in_tab', tab.id, originOf(tab.url))}`;
      },
      async execute(input, ctx) {
        const to = destination(input.url);
        const tab = await runTab(ctx, 'navigate');
        // Approved (or in the run already): the destination joins the tab's allowed origins before it moves.
        await remember(ctx, to.origin);
        await access.guardTab(ctx, tab.id);
        const since = access.hopClock();
        await browser.navigate(tab.id, to.url);
        await stepForward(ctx, tab.id, 1);
        const now = await settle(tab.id, tab.url, to.url, ctx, since);
        return `Navigated ${describeTab(now)}. ${NEEDS_SNAPSHOT}`;
      },
    }),
    defineTool({
      name: 'go_back',
      input: z.object({}),
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      untrustedOutput: 'page_content',
      // The page before one the run did not navigate to is the user's history, of any origin: that is asked.
      asksFor: async (_input, ctx) => !(await backStaysInRun(ctx)),
      async preview(_input, ctx) {
        const tab = await runTab(ctx, 'go_back');
        return `${t('preview_go_back', originOf(tab.url))}\n${t('preview_go_back_in_tab', tab.id)}`;
      },
      async execute(_input, ctx) {
        const tab = await runTab(ctx, 'go_back');
        // Back into the user's own history (asked, and approved): its page is not the model's address, and its
        // origin is not known until it loads, so the tab is unguarded for the step and guarded again after it.
        if (await backStaysInRun(ctx)) await access.guardTab(ctx, tab.id);
        else await access.unguardTab(ctx, tab.id);
        const since = access.hopClock();
        try {
          await browser.goBack(tab.id);
        } catch (error) {
          // Nothing moved: the tab is guarded again as it was.
          await access.guardTab(ctx, tab.id);
          throw new ToolError(
            `go_back failed: tab ${tab.id} has no earlier page in its history (${error instanceof Error ? error.message : String(error)}).`,
          );
        }
        await stepForward(ctx, tab.id, -1);
        const now = await settle(tab.id, tab.url, undefined, ctx, since);
        // A page the run left, or one the user approved going back to: its origin is in the run from now on.
        await remember(ctx, originOf(now.url));
        await access.guardTab(ctx, tab.id);
        return `Went back: ${describeTab(now)}. ${NEEDS_SNAPSHOT}`;
      },
    }),
    createOpenTabTool(access, { settle }),
  ] as Tool[];
}
