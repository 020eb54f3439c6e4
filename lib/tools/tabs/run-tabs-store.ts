/**
 * What a run did with tabs, kept in storage.session (not readable by content scripts, cleared when the
 * browser closes) so a restarted worker still knows: the tab the run acts on now, the tabs it opened, the
 * origins it was allowed to go to, and its tab group.
 */
import { z } from 'zod';
import type { KeyValueArea } from '../page/page-target-store';

const runTabsState = z.object({
  /** The tab page tools act on; unset: the tab the run started on. */
  current: z.number().int().optional(),
  opened: z.array(z.number().int()),
  /** Origins the run went to with the user's approval (or without, when they were already in the run). */
  origins: z.array(z.string()),
  groupId: z.number().int().optional(),
  /** Per tab, how many of its history entries the run itself added (navigate) and has not gone back over. */
  forward: z.record(z.string(), z.number().int()).optional(),
});
export type RunTabsState = z.infer<typeof runTabsState>;

export interface RunTabsStore {
  get(runId: string): Promise<RunTabsState>;
  /** Applies `change` to the run's state and stores the result. */
  update(runId: string, change: (state: RunTabsState) => RunTabsState): Promise<RunTabsState>;
}

const empty = (): RunTabsState => ({ opened: [], origins: [] });

/** A store over `area` (chrome.storage.session by default). */
export function createRunTabsStore(area: KeyValueArea = chrome.storage.session): RunTabsStore {
  const key = (runId: string) => `tabwise.runTabs.${runId}`;
  const get = async (runId: string) => {
    const parsed = runTabsState.safeParse((await area.get(key(runId)))[key(runId)]);
    return parsed.success ? parsed.data : empty();
  };
  return {
    get,
    async update(runId, change) {
      const next = change(await get(runId));
      await area.set({ [key(runId)]: next });
      return next;
    },
  };
}
