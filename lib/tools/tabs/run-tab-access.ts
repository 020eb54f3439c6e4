/**
 * Which tabs and origins a run may use. A run may read and act on the tab it started on, the tabs it opened
 * and the tabs the user @-mentioned in the message that started it, and nothing else. An origin is "in the
 * run" when it is the start page's, a mentioned tab's, or one the run already went to with approval; the
 * origins the user denied going to stay denied for the rest of the run.
 */
import { originOf } from '../origin-of';
import { canScriptUrl } from './can-script-url';
import type { ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { stoppedHopMessage, type RunOriginGuard } from './run-origin-rules';
import type { RunTabsState, RunTabsStore } from './run-tabs-store';
import type { BrowserTab, TabBrowser } from './tab-browser';

/** What the run's journal says about it: the tabs the user mentioned, origins denied, and its title. */
export interface RunFacts {
  mentionedTabIds: number[];
  deniedOrigins: string[];
  /** The conversation's title, for the run's tab group. */
  title: string;
}

export type ReadRunFacts = (runId: string) => Promise<RunFacts>;

export interface RunTabAccessDeps {
  store: RunTabsStore;
  facts: ReadRunFacts;
  browser: TabBrowser;
  /** The network rules that keep the run's tabs on its approved origins (none: unguarded, as in tests of other things). */
  guard?: RunOriginGuard;
}

export interface RunTabAccess {
  readonly store: RunTabsStore;
  readonly browser: TabBrowser;
  facts(ctx: ToolContext): Promise<RunFacts>;
  /** The tab page tools act on now: the one the run switched to or opened last, else the start tab. */
  currentTab(ctx: ToolContext): Promise<number | undefined>;
  /** Whether the page tools can work on the current tab now (a page the extension may script). */
  currentTabScriptable(ctx: ToolContext): Promise<boolean>;
  /** Every tab the run may read and act on, the start tab first. */
  usableTabs(ctx: ToolContext): Promise<number[]>;
  /** The tab, if the run may use it and it is still open; else a ToolError message saying why not. */
  useTab(ctx: ToolContext, tabId: number): Promise<{ tab: BrowserTab } | { refusal: string }>;
  /** Origins already in the run (going there again asks nobody). */
  knownOrigins(ctx: ToolContext): Promise<Set<string>>;
  /**
   * From now until the run ends, `tabId` loads only the run's origins (and `extra`, an origin the user just
   * approved acting on). Fails closed: when the rules cannot be set, the call that needed them fails.
   */
  guardTab(ctx: ToolContext, tabId: number, extra?: string[]): Promise<void>;
  /** The tab is no longer guarded for this run (the user approved going back into their own history). */
  unguardTab(ctx: ToolContext, tabId: number): Promise<void>;
  /** The ToolError for a hop in `tabId` the rules stopped (since `since`, waiting up to `graceMs`), if there was one. */
  stoppedHop(
    ctx: ToolContext,
    tabId: number,
    options?: { since?: number; graceMs?: number },
  ): Promise<ToolError | undefined>;
  /** Whether a stopped hop in `tabId` is waiting to be reported. */
  hasStoppedHop(tabId: number): boolean;
  /** Now, on the clock stopped hops are timed by (the `since` of stoppedHop). */
  hopClock(): number;
}

const describeTabs = (ids: number[]) => (ids.length ? ids.join(', ') : 'none');

export function createRunTabAccess(deps: RunTabAccessDeps): RunTabAccess {
  const { store, browser } = deps;
  const state = (ctx: ToolContext): Promise<RunTabsState> => store.get(ctx.runId);
  const facts = (ctx: ToolContext) => deps.facts(ctx.runId);
  /** The run's mentioned tabs: from the call's context when it carries them (no read of the journal), else the journal. */
  const mentionedTabs = async (ctx: ToolContext) => ctx.mentionedTabIds ?? (await facts(ctx)).mentionedTabIds;
  const knownOrigins = async (ctx: ToolContext) => {
    const [s, ids] = await Promise.all([state(ctx), mentionedTabs(ctx)]);
    const mentioned = await Promise.all(ids.map((id) => browser.get(id)));
    const origins = [...s.origins, ...mentioned.flatMap((t) => (t?.url ? [originOf(t.url)] : []))];
    if (ctx.site) origins.push(ctx.site);
    return new Set(origins);
  };
  const usableTabs = async (ctx: ToolContext) => {
    const [s, mentioned] = await Promise.all([state(ctx), mentionedTabs(ctx)]);
    return [...new Set([...(ctx.tabId === undefined ? [] : [ctx.tabId]), ...s.opened, ...mentioned])];
  };
  const currentTab = async (ctx: ToolContext) => (await state(ctx)).current ?? ctx.tabId;
  // Asked once per tool when a request is built, with one context for all of them: answered once.
  const scriptable = new WeakMap<ToolContext, Promise<boolean>>();
  return {
    store,
    browser,
    facts,
    currentTab,
    currentTabScriptable(ctx) {
      let answer = scriptable.get(ctx);
      if (!answer) {
        answer = currentTab(ctx).then(async (id) => id !== undefined && canScriptUrl((await browser.get(id))?.url));
        scriptable.set(ctx, answer);
      }
      return answer;
    },
    usableTabs,
    async useTab(ctx, tabId) {
      const usable = await usableTabs(ctx);
      if (!usable.includes(tabId)) {
        return {
          refusal: `Refused: tab ${tabId} is not one this run may use. It may use the tab it started on, the tabs it opened and the tabs the user @-mentioned (tabs ${describeTabs(usable)}); ask the user to mention the tab if it is needed.`,
        };
      }
      const tab = await browser.get(tabId);
      return tab ? { tab } : { refusal: `Tab ${tabId} is closed.` };
    },
    knownOrigins,
    async guardTab(ctx, tabId, extra = []) {
      if (!deps.guard) return;
      const origins = [...(await knownOrigins(ctx)), ...extra];
      try {
        await deps.guard.protect(ctx.runId, [tabId], origins);
      } catch (error) {
        throw new ToolError(
          `Nothing was done: the rules that keep tab ${tabId} on the sites this run was approved for could not be set (${error instanceof Error ? error.message : String(error)}).`,
        );
      }
    },
    async unguardTab(ctx, tabId) {
      if (!deps.guard) return;
      try {
        await deps.guard.unprotect(ctx.runId, tabId);
      } catch (error) {
        // The tab stays guarded: going back may then be stopped, and that is reported like any stopped hop.
        console.warn('run origin rules: unguarding a tab failed', error);
      }
    },
    async stoppedHop(ctx, tabId, options = {}) {
      if (!deps.guard) return undefined;
      const origin = await deps.guard.takeBlockedHop(ctx.runId, tabId, { ...options, signal: ctx.signal });
      return origin === undefined ? undefined : new ToolError(stoppedHopMessage(origin));
    },
    hasStoppedHop: (tabId) => deps.guard?.hasBlockedHop(tabId) ?? false,
    hopClock: () => deps.guard?.now() ?? 0,
  };
}
