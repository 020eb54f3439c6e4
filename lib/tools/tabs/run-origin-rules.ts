/**
 * Every way out of a run's tabs is gated. Asking before navigate reaches a new origin is not enough: a
 * known origin can redirect (a 302, a meta refresh, a script setting `location`) to one the user never saw,
 * with whatever the model put into the address. While a run is live, each tab it acts on gets
 * declarativeNetRequest session rules, scoped to that tab (`tabIds`) and to document requests only
 * (`main_frame`, `sub_frame`): a block for every origin, and above it an allow per origin the run was approved
 * for. A hop anywhere else is stopped before the request leaves; the tool that caused it says so, and going
 * there is a navigate, asked with a card like any other. Requests the extension itself makes (to model
 * providers) are neither document requests nor in a tab, so no rule here touches them.
 *
 * The guarded runs are kept in storage.session: session rules outlive a worker restart, and so does what
 * they were made from. Rules are rebuilt from that state on every change, one change at a time.
 */
import { z } from 'zod';
import type { KeyValueArea } from '../page/page-target-store';

export type GuardedResourceType = 'main_frame' | 'sub_frame';

/** The part of a declarativeNetRequest rule this module writes (string values of Chrome's enums). */
export interface RunOriginRule {
  id: number;
  priority: number;
  action: { type: 'block' | 'allow' };
  condition: { tabIds: number[]; resourceTypes: GuardedResourceType[]; urlFilter?: string };
}

/** The session-rule calls of `chrome.declarativeNetRequest` this module uses. */
export interface RunRulesApi {
  getSessionRules(): Promise<{ id: number }[]>;
  updateSessionRules(options: { removeRuleIds?: number[]; addRules?: RunOriginRule[] }): Promise<void>;
}

/** Session rule ids this module owns (local-origin-rules.ts owns 12000…12099). */
export const FIRST_RULE_ID = 13_000;
export const MAX_RULES = 2_000;
const RESOURCE_TYPES: GuardedResourceType[] = ['main_frame', 'sub_frame'];
const BLOCK_PRIORITY = 1;
const ALLOW_PRIORITY = 2;

const guardedRun = z.object({ tabs: z.array(z.number().int()), origins: z.array(z.string()) });
const guardState = z.record(z.string(), guardedRun);
export type GuardedRun = z.infer<typeof guardedRun>;
export type GuardState = z.infer<typeof guardState>;

const STATE_KEY = 'tabwise.runOriginGuard';

/**
 * The urlFilters that let `origin` through: `|origin/` (anchored, so `https://bank.example.evil.example` is
 * not `https://bank.example`). A plain-http origin on its default port also lets its https twin through:
 * the upgrade redirect every site does goes to the same host, so it carries nothing to anyone new.
 */
export function allowFilters(origin: string): string[] {
  let url: URL;
  try {
    url = new URL(origin);
  } catch (error) {
    void error; // not an origin: nothing is let through for it
    return [];
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return [];
  // `*`, `^` and `|` are urlFilter syntax: an origin carrying them would not be matched literally.
  if (/[*^|]/.test(origin)) return [];
  const filters = [`|${origin}/`];
  if (url.protocol === 'http:' && !url.port) filters.push(`|https://${url.host}/`);
  return filters;
}

/** The rules for these runs: one block over every guarded tab, then one allow per origin over the tabs of the runs approved for it. Pure. */
export function runOriginRules(state: GuardState): RunOriginRule[] {
  const tabs = [...new Set(Object.values(state).flatMap((r) => r.tabs))].sort((a, b) => a - b);
  if (tabs.length === 0) return [];
  const allowed = new Map<string, Set<number>>();
  for (const run of Object.values(state)) {
    if (run.tabs.length === 0) continue;
    for (const filter of run.origins.flatMap(allowFilters)) {
      const set = allowed.get(filter) ?? new Set<number>();
      for (const tab of run.tabs) set.add(tab);
      allowed.set(filter, set);
    }
  }
  const rules: RunOriginRule[] = [
    {
      id: FIRST_RULE_ID,
      priority: BLOCK_PRIORITY,
      action: { type: 'block' },
      condition: { tabIds: tabs, resourceTypes: RESOURCE_TYPES },
    },
  ];
  // Past the cap an approved origin is blocked too: the run then asks again, it never leaks.
  for (const [urlFilter, tabIds] of [...allowed].slice(0, MAX_RULES - 1)) {
    rules.push({
      id: FIRST_RULE_ID + rules.length,
      priority: ALLOW_PRIORITY,
      action: { type: 'allow' },
      condition: { tabIds: [...tabIds].sort((a, b) => a - b), resourceTypes: RESOURCE_TYPES, urlFilter },
    });
  }
  return rules;
}

/** A document request the rules stopped: in the tab's top frame, at `at`. */
interface BlockedHop {
  tabId: number;
  url: string;
  at: number;
}

export interface RunOriginGuard {
  /** Guards `tabIds` for the run: only its approved origins, with `origins` added to them, load there. Rejects when the rules could not be set. */
  protect(runId: string, tabIds: number[], origins: string[]): Promise<void>;
  /** Stops guarding one tab for the run (the user approved going back into their own history there). */
  unprotect(runId: string, tabId: number): Promise<void>;
  /** The run ended: its rules go. */
  release(runId: string): Promise<void>;
  /** Keeps only the runs `unfinished` names (a worker start: session rules outlive the worker, not the browser). */
  prune(unfinished: () => Promise<Set<string>>): Promise<void>;
  /** The browser reported a document request in `tabId`'s top frame blocked by an extension. */
  blocked(tabId: number, url: string): void;
  /**
   * The origin of a top-frame hop in `tabId` stopped since `since` that the run was not approved for, waiting
   * up to `graceMs` for one (a meta refresh fires just after the load). Hops seen for the tab are then
   * forgotten, so each is reported once.
   */
  takeBlockedHop(
    runId: string,
    tabId: number,
    options?: { since?: number; graceMs?: number; signal?: AbortSignal },
  ): Promise<string | undefined>;
  /** Whether a hop for the tab is waiting to be reported (cheap: no storage read). */
  hasBlockedHop(tabId: number): boolean;
  /** The clock hops are timed by (for `since`). */
  now(): number;
}

export interface RunOriginGuardDeps {
  rules: RunRulesApi;
  area: KeyValueArea;
  now?: () => number;
}

/** How long a blocked hop is kept unreported: a run that never looks at the tab again does not need it. */
const HOP_TTL_MS = 10 * 60_000;

const originOrUndefined = (url: string) => {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch (error) {
    void error; // not a URL: no origin to name
    return undefined;
  }
};

export function createRunOriginGuard(deps: RunOriginGuardDeps): RunOriginGuard {
  const now = deps.now ?? Date.now;
  const hops: BlockedHop[] = [];
  const waiters = new Set<() => void>();
  // One change at a time: two overlapping ones would add the same rule ids and the second would fail.
  let last: Promise<unknown> = Promise.resolve();

  const read = async (): Promise<GuardState> => {
    const parsed = guardState.safeParse((await deps.area.get(STATE_KEY))[STATE_KEY]);
    return parsed.success ? parsed.data : {};
  };
  const apply = async (state: GuardState) => {
    const ours = (await deps.rules.getSessionRules())
      .map((r) => r.id)
      .filter((id) => id >= FIRST_RULE_ID && id < FIRST_RULE_ID + MAX_RULES);
    await deps.rules.updateSessionRules({ removeRuleIds: ours, addRules: runOriginRules(state) });
    await deps.area.set({ [STATE_KEY]: state });
  };
  const change = (edit: (state: GuardState) => GuardState | Promise<GuardState>): Promise<void> => {
    const next = last.then(async () => apply(await edit(await read())));
    last = next.catch(() => undefined);
    return next;
  };
  const union = (a: readonly number[] | readonly string[], b: readonly number[] | readonly string[]) => [
    ...new Set([...a, ...b]),
  ];

  const pendingFor = (tabId: number, since: number) => {
    const cutoff = now() - HOP_TTL_MS;
    return hops.filter((h) => h.tabId === tabId && h.at >= since && h.at >= cutoff);
  };
  const forget = (tabId: number) => {
    for (let i = hops.length - 1; i >= 0; i--) if (hops[i]!.tabId === tabId) hops.splice(i, 1);
  };
  /** The first hop in the list to an origin the run is not approved for (another extension may block approved ones). */
  const unapproved = async (runId: string, list: BlockedHop[]) => {
    if (list.length === 0) return undefined;
    const run = (await read())[runId];
    if (!run) return undefined;
    const allowed = new Set(run.origins.flatMap(allowFilters));
    return list
      .map((h) => originOrUndefined(h.url))
      .find((o): o is string => o !== undefined && !allowFilters(o).some((f) => allowed.has(f)));
  };

  return {
    protect: (runId, tabIds, origins) =>
      change((s) => {
        const run = s[runId] ?? { tabs: [], origins: [] };
        return {
          ...s,
          [runId]: { tabs: union(run.tabs, tabIds) as number[], origins: union(run.origins, origins) as string[] },
        };
      }),
    unprotect: (runId, tabId) =>
      change((s) => {
        const run = s[runId];
        return run ? { ...s, [runId]: { ...run, tabs: run.tabs.filter((t) => t !== tabId) } } : s;
      }),
    release: (runId) =>
      change((s) => {
        const { [runId]: _gone, ...rest } = s;
        return rest;
      }),
    prune: (unfinished) =>
      change(async (s) => {
        const live = await unfinished();
        return Object.fromEntries(Object.entries(s).filter(([runId]) => live.has(runId)));
      }),
    blocked(tabId, url) {
      hops.push({ tabId, url, at: now() });
      if (hops.length > 200) hops.splice(0, hops.length - 200);
      for (const wake of [...waiters]) wake();
    },
    hasBlockedHop: (tabId) => pendingFor(tabId, 0).length > 0,
    now,
    async takeBlockedHop(runId, tabId, options = {}) {
      const since = options.since ?? 0;
      const graceMs = options.graceMs ?? 0;
      if (graceMs > 0 && pendingFor(tabId, since).length === 0) {
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            options.signal?.removeEventListener('abort', done);
            resolve();
          };
          const wake = () => {
            if (pendingFor(tabId, since).length > 0) done();
          };
          const timer = setTimeout(done, graceMs);
          waiters.add(wake);
          options.signal?.addEventListener('abort', done, { once: true });
        });
      }
      const list = pendingFor(tabId, since);
      forget(tabId);
      return unapproved(runId, list);
    },
  };
}

/** What the model reads when a hop was stopped. */
export function stoppedHopMessage(origin: string): string {
  return `The page redirected to ${origin}, which this run has not been approved for; the request was stopped before it left. Call navigate with that address if it is needed: the user will be asked.`;
}
