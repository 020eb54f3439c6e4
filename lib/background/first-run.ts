/**
 * Opens the onboarding while no provider is set up: on install and when the browser starts. One tab at
 * most: a tab already showing it is focused instead, and overlapping calls (install and startup can fire
 * together) share one check.
 */
export const ONBOARDING_PATH = '/options.html#onboarding';

export interface FirstRunDeps {
  hasProvider: () => Promise<boolean>;
  /** chrome.runtime.getURL */
  urlOf: (path: string) => string;
  tabs: Pick<typeof chrome.tabs, 'query' | 'create' | 'update'>;
}

export function createFirstRun(deps: FirstRunDeps) {
  let inFlight: Promise<void> | null = null;
  async function open() {
    if (await deps.hasProvider()) return;
    const url = deps.urlOf(ONBOARDING_PATH);
    // query() matches on the URL without its fragment.
    const open = (await deps.tabs.query({ url: url.split('#')[0] })).find((t) => t.url === url || t.pendingUrl === url);
    if (open?.id !== undefined) await deps.tabs.update(open.id, { active: true });
    else await deps.tabs.create({ url });
  }
  return {
    /** Shows the onboarding if it is needed and not showing yet. */
    openIfNeeded(): Promise<void> {
      inFlight ??= open().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
