/**
 * The steps navigate, go_back and open_tab share: the run's current tab, waiting for a tab to load (failing
 * with where the page tried to go when the run's rules stopped a hop), and what the run remembers of its
 * origins and of the history entries it added.
 */
import { z } from 'zod';
import type { ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { checkHttpUrl } from './check-http-url';
import { LOAD_WAIT_MS } from './describe-tab';
import type { RunTabAccess } from './run-tab-access';

export const url = z.string().min(1).max(4000).describe('http(s) address.');
export const NEEDS_SNAPSHOT = 'Snapshots taken before are no longer valid here: call get_page_state before acting.';
/** How long after the load a stopped hop is still the navigation's (a meta refresh or script fires right after it). */
export const HOP_GRACE_MS = 300;
/** How long, on the page's own clock, a loaded page is watched for a hop (a script's timer right after the load). */
export const HOP_QUIET_MS = 150;

/** The address again, in execute: approval could have been skipped (an origin in the run), the rule never is. */
export function destination(raw: string) {
  const checked = checkHttpUrl(raw);
  if (!checked.ok) throw new ToolError(checked.reason);
  return checked;
}

export type NavigationSteps = ReturnType<typeof createNavigationSteps>;

export function createNavigationSteps(access: RunTabAccess) {
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
    const loaded = await browser.waitForUrl(
      tabId,
      (u) => u === target || (u !== before && u !== 'about:blank'),
      LOAD_WAIT_MS,
      ctx.signal,
    );
    // Whether the page hops right after its load is also watched on the page's clock, not only this worker's: on
    // a busy machine the page's timers run late, and the grace alone would end before the hop began. The two
    // run side by side, so a page that stays costs the grace, not the grace and the watch.
    const left = loaded === undefined ? Promise.resolve(false) : browser.leftAfterLoad(tabId, loaded, HOP_QUIET_MS);
    const stopped = await access.stoppedHop(ctx, tabId, { since, graceMs: HOP_GRACE_MS });
    if (stopped) throw stopped;
    if (await left) {
      await browser.waitForUrl(tabId, () => true, LOAD_WAIT_MS, ctx.signal);
      const late = await access.stoppedHop(ctx, tabId, { since, graceMs: HOP_GRACE_MS });
      if (late) throw late;
    }
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
  return { runTab, settle, remember, stepForward, backStaysInRun };
}
