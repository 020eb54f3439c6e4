/**
 * Where a run's page commands went, kept in storage.session so a restarted worker still knows: the document
 * each run's last snapshot came from (to detect navigation), what that snapshot listed (its keys, button
 * texts and form destinations, for approval previews and to refuse keys it did not show), and the frame each
 * fill went to (for undo). Session storage is not readable by content scripts by default, and is cleared
 * when the browser closes.
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

const targetDoc = z.object({
  tabId: z.number().int(),
  frameId: z.number().int().min(0),
  docId: z.string(),
  url: z.string(),
});
export type TargetDocument = z.infer<typeof targetDoc>;

const snapshotSummary = z.object({
  fieldKeys: z.array(z.string()),
  buttons: z.array(
    z.object({
      key: z.string(),
      text: z.string(),
      kind: z.enum(['button', 'submit', 'link']),
      form: z.string().optional(),
      action: z.string().optional(),
    }),
  ),
  forms: z.array(
    z.object({ key: z.string(), label: z.string(), action: z.string().optional(), method: z.string().optional() }),
  ),
  /** get_page_state's elements (and those actions reported as appeared), by ref, for action previews. */
  elements: z.array(z.object({ ref: z.string(), role: z.string(), name: z.string() })).optional(),
  /** Password fields the snapshot listed as write-only: only fill_password reaches them. */
  writeOnlyKeys: z.array(z.string()).optional(),
  /** The names of the tools the page offered in that snapshot (call_page_tool may call only these). */
  pageTools: z.array(z.string()).optional(),
});
/** What the background keeps of a snapshot: its keys, and what previews show of buttons and forms. */
export type SnapshotSummary = z.infer<typeof snapshotSummary>;

const snapshotRecord = targetDoc.extend({ snapshotId: z.string().optional(), summary: snapshotSummary.optional() });

/** The snapshot a run acts on: its document, the id the background gave it, and its summary. */
export interface SnapshotDocument extends PageDocument {
  snapshotId?: string;
  summary?: SnapshotSummary;
}

/** The subset of chrome.storage.StorageArea used here (tests pass a Map-backed fake). */
export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export interface PageTargetStore {
  /** Records a new snapshot of `doc` and answers the id it was given (every snapshot gets a fresh one). */
  rememberSnapshot(runId: string, target: PageTarget, doc: PageDocument, summary?: SnapshotSummary): Promise<string>;
  snapshotDocument(runId: string, target: PageTarget): Promise<SnapshotDocument | undefined>;
  rememberFill(runId: string, toolCallId: string, target: PageTarget, doc: PageDocument): Promise<void>;
  /** Adds elements an action saw appear to the run's snapshot (same snapshot id: nothing approved changes meaning). */
  addToSnapshot(
    runId: string,
    target: PageTarget,
    elements: { ref: string; role: string; name: string }[],
  ): Promise<void>;
  fillTarget(runId: string, toolCallId: string): Promise<TargetDocument | undefined>;
  /** Records the document that last answered in this frame (any run, any command). */
  noteDocument(target: PageTarget, doc: PageDocument): Promise<void>;
  /** The document that last answered in this frame, if any did since the browser started. */
  latestDocument(target: PageTarget): Promise<PageDocument | undefined>;
}

/** A fresh snapshot id (a re-snapshot of the same document re-keys it, so it must not match the old one). */
function newSnapshotId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A store over `area` (chrome.storage.session by default). */
export function createPageTargetStore(area: KeyValueArea = chrome.storage.session): PageTargetStore {
  const read = async <S extends z.ZodType>(schema: S, key: string): Promise<z.output<S> | undefined> => {
    const parsed = schema.safeParse((await area.get(key))[key]);
    return parsed.success ? parsed.data : undefined;
  };
  const snapshotKey = (runId: string, t: PageTarget) => `tabwise.page.snapshot.${runId}.${t.tabId}.${t.frameId}`;
  const fillKey = (runId: string, toolCallId: string) => `tabwise.page.fill.${runId}.${toolCallId}`;
  const latestKey = (t: PageTarget) => `tabwise.page.latest.${t.tabId}.${t.frameId}`;
  const pageDocument = z.object({ docId: z.string(), url: z.string() });
  return {
    async rememberSnapshot(runId, target, doc, summary) {
      const snapshotId = newSnapshotId();
      await area.set({
        [snapshotKey(runId, target)]: { ...target, ...doc, snapshotId, ...(summary ? { summary } : {}) },
      });
      return snapshotId;
    },
    async snapshotDocument(runId, target) {
      const found = await read(snapshotRecord, snapshotKey(runId, target));
      if (!found) return undefined;
      return {
        docId: found.docId,
        url: found.url,
        ...(found.snapshotId ? { snapshotId: found.snapshotId } : {}),
        ...(found.summary ? { summary: found.summary } : {}),
      };
    },
    async addToSnapshot(runId, target, elements) {
      const key = snapshotKey(runId, target);
      const found = await read(snapshotRecord, key);
      if (!found?.summary || !elements.length) return;
      const { summary } = found;
      const known = new Set([...summary.fieldKeys, ...summary.buttons.map((b) => b.key)]);
      const fresh = elements.filter((e) => !known.has(e.ref)).slice(0, 100);
      const buttons = [
        ...summary.buttons,
        ...fresh.map((e) => ({
          key: e.ref,
          text: e.name.slice(0, 200),
          kind: e.role === 'link' ? ('link' as const) : ('button' as const),
        })),
      ];
      const listed = [
        ...(summary.elements ?? []),
        ...fresh.map((e) => ({ ref: e.ref, role: e.role.slice(0, 40), name: e.name.slice(0, 200) })),
      ];
      await area.set({ [key]: { ...found, summary: { ...summary, buttons, elements: listed } } });
    },
    rememberFill: (runId, toolCallId, target, doc) => area.set({ [fillKey(runId, toolCallId)]: { ...target, ...doc } }),
    fillTarget: (runId, toolCallId) => read(targetDoc, fillKey(runId, toolCallId)),
    async noteDocument(target, doc) {
      const last = await read(pageDocument, latestKey(target));
      // Written only when the frame's document changed: most commands answer from the same one.
      if (last?.docId !== doc.docId || last.url !== doc.url)
        await area.set({ [latestKey(target)]: { docId: doc.docId, url: doc.url } });
    },
    latestDocument: (target) => read(pageDocument, latestKey(target)),
  };
}
