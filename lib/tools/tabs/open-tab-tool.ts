/** open_tab: a new tab for the run, in its tab group, guarded before it loads anything; the run acts on it from then on. */
import { z } from 'zod';
import { t } from '../../util/t';
import { addressParts } from '../address-parts';
import { defineTool } from '../define-tool';
import { describeTab } from './describe-tab';
import { asksForDestination, locateDestination } from './locate-destination';
import { destination, url, type NavigationSteps } from './navigation-steps';
import type { RunTabAccess } from './run-tab-access';

/** How long a new tab may take to show its blank page before the run sends it on. */
const BLANK_WAIT_MS = 2_000;

export function createOpenTabTool(access: RunTabAccess, { settle }: Pick<NavigationSteps, 'settle'>) {
  const { browser, store } = access;
  return defineTool({
    name: 'open_tab',
    input: z.object({
      url,
      active: z.boolean().optional().describe('Bring it to the front (default false).'),
    }),
    runsIn: 'page',
    readOnly: false,
    needsApproval: true,
    untrustedOutput: 'page_content',
    locate: (input, ctx) => locateDestination(access, input.url, ctx),
    asksFor: (input, ctx) => asksForDestination(access, input.url, ctx),
    writtenValues: (input) => [{ field: 'url', value: addressParts(input.url) }],
    preview: (input) =>
      t(input.active ? 'preview_open_tab_front' : 'preview_open_tab_background', destination(input.url).url),
    async execute(input, ctx) {
      const to = destination(input.url);
      const from = await access.currentTab(ctx);
      const windowId = from === undefined ? undefined : (await browser.get(from))?.windowId;
      // Opened blank and guarded before it loads anything: a redirect answered at once would beat rules set after.
      const created = await browser.create({
        url: 'about:blank',
        active: input.active ?? false,
        ...(windowId === undefined ? {} : { windowId }),
      });
      const state = await store.update(ctx.runId, (s) => ({
        ...s,
        current: created.id,
        opened: [...s.opened, created.id],
        origins: s.origins.includes(to.origin) ? s.origins : [...s.origins, to.origin],
      }));
      await access.guardTab(ctx, created.id);
      // A navigation sent before the blank page has committed can be lost to it: the tab then stays blank.
      await browser.waitForUrl(created.id, (u) => u === 'about:blank', BLANK_WAIT_MS, ctx.signal);
      const since = access.hopClock();
      await browser.navigate(created.id, to.url);
      let grouped = '';
      try {
        const groupId = await browser.group(created.id, state.groupId, (await access.facts(ctx)).title);
        await store.update(ctx.runId, (s) => ({ ...s, groupId }));
      } catch (error) {
        // The tab works without its group (a window type that has none): say so rather than fail the call.
        grouped = ` (It could not be added to the run's tab group: ${error instanceof Error ? error.message : String(error)}.)`;
      }
      const now = await settle(created.id, '', to.url, ctx, since);
      return `Opened ${describeTab(now)}${input.active ? '' : ' in the background'}. The run now acts on this tab.${grouped}`;
    },
  });
}
