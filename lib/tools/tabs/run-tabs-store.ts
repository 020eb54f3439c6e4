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

/** Runs whose state is kept in memory besides the area (the most recent ones). */
const REMEMBERED_RUNS = 32;

/**
 * A store over `area` (chrome.storage.session by default). The worker is its only writer, so what it read or
 * wrote stays true while it lives: a tool asking again (each step asks which tools apply) does not wait on the area.
 */
export function createRunTabsStore(area: KeyValueArea = chrome.storage.session): RunTabsStore {
  const key = (runId: string) => `tabwise.runTabs.${runId}`;
  const known = new Map<string, RunTabsState>();
  const remember = (runId: string, state: RunTabsState) => {
    known.delete(runId);
    known.set(runId, state);
    if (known.size > REMEMBERED_RUNS) known.delete(known.keys().next().value!);
  };
  // Reads of the area under way, by run: the tools asked at once whether they are offered share one.
  const reading = new Map<string, Promise<RunTabsState>>();
  const readArea = (runId: string) => {
    let read = reading.get(runId);
    if (!read) {
      read = area.get(key(runId)).then((found) => {
        const parsed = runTabsState.safeParse(found[key(runId)]);
        const state = parsed.success ? parsed.data : empty();
        // A write that landed while this read was out is newer than what it read.
        if (!known.has(runId)) remember(runId, structuredClone(state));
        return state;
      });
      reading.set(runId, read);
      void read.finally(() => reading.delete(runId)).catch(() => undefined);
    }
    return read;
  };
  const get = async (runId: string) => {
    const held = known.get(runId);
    if (held) return structuredClone(held);
    const state = await readArea(runId);
    // Each caller gets its own copy (callers change what they get); a newer write is what is known now.
    return structuredClone(known.get(runId) ?? state);
  };
  return {
    get,
    async update(runId, change) {
      const next = change(await get(runId));
      await area.set({ [key(runId)]: next });
      remember(runId, structuredClone(next));
      return next;
    },
  };
}
