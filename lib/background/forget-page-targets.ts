/**
 * Deleting a conversation (or everything) also takes what the page tools kept in storage.session about its
 * runs: the URL and document of each snapshot and fill (lib/tools/page/page-target-store.ts). Those keys are
 * that store's; a unit test writes them through the store and checks they are gone, so the two cannot drift.
 */

const PREFIX = 'tabwise.page.';

/** The subset of chrome.storage.StorageArea used here. */
export interface RemovableArea {
  get(keys: null): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

export interface PageTargetForgetter {
  forgetRuns(runIds: readonly string[]): Promise<void>;
  forgetAll(): Promise<void>;
}

export function createPageTargetForgetter(area: RemovableArea = chrome.storage.session): PageTargetForgetter {
  const removeWhere = async (match: (key: string) => boolean) => {
    const keys = Object.keys(await area.get(null)).filter((k) => k.startsWith(PREFIX) && match(k));
    if (keys.length > 0) await area.remove(keys);
  };
  return {
    async forgetRuns(runIds) {
      if (runIds.length === 0) return;
      // Keys are `tabwise.page.<kind>.<runId>.<rest>`; run ids are UUIDs, so the dots delimit them exactly.
      const ids = new Set(runIds);
      await removeWhere((k) => ids.has(k.slice(PREFIX.length).split('.')[1] ?? ''));
    },
    forgetAll: () => removeWhere(() => true),
  };
}
