/**
 * navigate, go_back and open_tab: moving the run's tab, and opening tabs for the run in its tab group.
 * Going to an origin the run has not been to is asked (the card names the origin; "always allow" is per
 * origin); only http(s) addresses are accepted, checked before anything is asked. The tab is guarded before
 * it moves (run-origin-rules.ts): a redirect or script hop to an origin not in the run is stopped before its
 * request leaves, and the call fails saying where the page tried to go.
 */
import { z } from 'zod';
import { t } from '../../util/t';
import { defineTool, type Tool, type ToolContext } from '../define-tool';
import { addressParts } from '../address-parts';
import { originOf } from '../origin-of';
import { ToolError } from '../tool-error';
import { checkHttpUrl } from './check-http-url';
import { describeTab, LOAD_WAIT_MS } from './describe-tab';
import { asksForDestination, locateDestination } from './locate-destination';
import type { RunTabAccess } from './run-tab-access';

const url = z.string().min(1).max(4000).describe('The full http:// or https:// address.');
const NEEDS_SNAPSHOT = 'Snapshots taken before are no longer valid here: call get_page_state before acting.';
/** How long after the load a stopped hop is still the navigation's (a meta refresh or script fires right after it). */
export const HOP_GRACE_MS = 300;
/** How long a new tab may take to show its blank page before the run sends it on. */
const BLANK_WAIT_MS = 2_000;

/** The address again, in execute: approval could have been skipped (an origin in the run), the rule never is. */
function destination(raw: string) {
  const checked = checkHttpUrl(raw);
  if (!checked.ok) throw new ToolError(checked.reason);
  return checked;
}

export function createNavigateTools(access: RunTabAccess): Tool[] {
  const { browser, store } = access;
  const runTab = async (ctx: ToolContext, toolName: string) => {
    const id = await access.currentTab(ctx);
    const tab = id === undefined ? undefined : await browser.get(id);
    if (!tab) throw new ToolError(`${toolName} failed: the run has no open tab to use; call open_tab instead.`);
    return tab;
  };
  /**
   * Waits for the tab to leave `before` and finish loading, and answers what it shows then; a ToolError when
   * the page hopped (since `since`) to an origin the rules stopped.
   */
  const settle = async (tabId: number, before: string, target: string | undefined, ctx: ToolContext, since: number) => {
    await browser.waitForUrl(
      tabId,
      (u) => u === target || (u !== before && u !== 'about:blank'),
      LOAD_WAIT_MS,
      ctx.signal,
    );
    const stopped = await access.stoppedHop(ctx, tabId, { since, graceMs: HOP_GRACE_MS });
    if (stopped) throw stopped;
    const tab = await browser.get(tabId);
    if (!tab) throw new ToolError('The tab was closed while it loaded.');
    return tab;
  };
  const remember = (ctx: ToolContext, origin: string) =>
    store.update(ctx.runId, (s) => ({
      ...s,
      origins: s.origins.includes(origin) ? s.origins : [...s.origins, origin],
    }));
  /** Counts the history entries the run adds to a tab, so going back over them is known to stay in the run. */
  const stepForward = (ctx: ToolContext, tabId: number, by: number) =>
    store.update(ctx.runId, (s) => ({
      ...s,
      forward: { ...s.forward, [tabId]: Math.max(0, (s.forward?.[tabId] ?? 0) + by) },
    }));
  /** Whether the page before the current one is one the run itself left (then going back stays in the run). */
  const backStaysInRun = async (ctx: ToolContext) => {
    const id = await access.currentTab(ctx);
    return id !== undefined && ((await store.get(ctx.runId)).forward?.[id] ?? 0) > 0;
  };

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
    defineTool({
      name: 'open_tab',
      input: z.object({
        url,
        active: z
          .boolean()
          .optional()
          .describe('Bring the tab to the front (default false: it opens in the background).'),
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
    }),
  ] as Tool[];
}
