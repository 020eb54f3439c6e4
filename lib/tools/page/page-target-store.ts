/**
 * Where a run's page commands went, kept in storage.session so a restarted worker still knows: the document
 * each run's last snapshot came from (to detect navigation) and the frame each fill went to (for undo).
 * Session storage is not readable by content scripts by default, and is cleared when the browser closes.
 */
import { z } from 'zod';

/** A frame of a tab. */
export interface PageTarget {
  tabId: number;
  frameId: number;
}

/** The document that answered: the page agent's own id for it and its URL. */
export interface PageDocument {
  docId: string;
  url: string;
}

const targetDoc = z.object({ tabId: z.number().int(), frameId: z.number().int().min(0), docId: z.string(), url: z.string() });
export type TargetDocument = z.infer<typeof targetDoc>;

/** The subset of chrome.storage.StorageArea used here (tests pass a Map-backed fake). */
export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export interface PageTargetStore {
  rememberSnapshot(runId: string, target: PageTarget, doc: PageDocument): Promise<void>;
  snapshotDocument(runId: string, target: PageTarget): Promise<PageDocument | undefined>;
  rememberFill(runId: string, toolCallId: string, target: PageTarget, doc: PageDocument): Promise<void>;
  fillTarget(runId: string, toolCallId: string): Promise<TargetDocument | undefined>;
}

/** A store over `area` (chrome.storage.session by default). */
export function createPageTargetStore(area: KeyValueArea = chrome.storage.session): PageTargetStore {
  const read = async (key: string) => {
    const parsed = targetDoc.safeParse((await area.get(key))[key]);
    return parsed.success ? parsed.data : undefined;
  };
  const snapshotKey = (runId: string, t: PageTarget) => `tabwise.page.snapshot.${runId}.${t.tabId}.${t.frameId}`;
  const fillKey = (runId: string, toolCallId: string) => `tabwise.page.fill.${runId}.${toolCallId}`;
  return {
    rememberSnapshot: (runId, target, doc) => area.set({ [snapshotKey(runId, target)]: { ...target, ...doc } }),
    async snapshotDocument(runId, target) {
      const found = await read(snapshotKey(runId, target));
      return found && { docId: found.docId, url: found.url };
    },
    rememberFill: (runId, toolCallId, target, doc) => area.set({ [fillKey(runId, toolCallId)]: { ...target, ...doc } }),
    fillTarget: (runId, toolCallId) => read(fillKey(runId, toolCallId)),
  };
}
