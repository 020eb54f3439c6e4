/**
 * The folder's documents in the history index, as the worker runs it: one indexing at a time (a second request
 * joins the one under way), Stop, the last report, taking the documents out (with the folder, when the user
 * turns the switch off, and on "Delete all data"), and the viewer page's read of one file. The work itself is
 * lib/tools/folder/index-folder.ts; this wires it to the folder store, the ingest service and the reader.
 */
import type { IngestService } from '../retrieval/ingest/ingest-service';
import type { FolderStore, FolderIndexReport } from '../storage/folder-store';
import { asFolderDirectory } from '../tools/folder/folder-handle';
import { needsPermissionMessage, openFolderEntry } from '../tools/folder/folder-entries';
import { folderPermission } from '../tools/folder/folder-handle';
import { folderPathSegments, joinPath } from '../tools/folder/folder-path';
import { indexFolder } from '../tools/folder/index-folder';
import { readFolderFile } from '../tools/folder/read-folder-file';
import { ToolError } from '../tools/tool-error';
import { folderDocumentUrl } from '../tools/folder/viewer-url';
import type { ReadDocumentFile } from '../tools/web/read-document-response';
import type { FolderFileView } from './protocol';

/** An indexing at worker start only when the last one is older than this (walking a folder is cheap, not free). */
const START_INDEX_AFTER_MS = 10 * 60_000;

export interface FolderIndexDeps {
  store: FolderStore;
  service: Pick<IngestService, 'settings' | 'rememberFolderDocument' | 'isIndexed' | 'remove'>;
  readDocument: ReadDocumentFile;
  /** chrome-extension://<id>: the viewer's origin, and the "domain" the index files folder documents under. */
  origin: string;
  now(): number;
}

export function createFolderIndex(deps: FolderIndexDeps) {
  const folder = async () => {
    const picked = await deps.store.get();
    return picked && { handle: asFolderDirectory(picked.handle), name: picked.name };
  };
  let running: { done: Promise<FolderIndexReport>; stop: AbortController } | undefined;

  function index(): Promise<FolderIndexReport> {
    if (running) return running.done;
    const stop = new AbortController();
    const done = (async (): Promise<FolderIndexReport> => {
      const s = await deps.service.settings();
      const picked = await folder();
      if (!s.enabled || !s.indexDocuments || !picked)
        return { ...emptyReport(picked?.name ?? '', deps.now()), error: 'off' };
      return indexFolder(
        {
          folder,
          store: deps.store,
          readDocument: deps.readDocument,
          documentUrl: (segments) => folderDocumentUrl(deps.origin, segments),
          remember: (doc) => deps.service.rememberFolderDocument(doc),
          isIndexed: (url) => deps.service.isIndexed(url),
          forget: async (urls) => {
            for (const url of urls) await deps.service.remove({ kind: 'page', url });
          },
          now: deps.now,
        },
        stop.signal,
      );
    })().finally(() => (running = undefined));
    running = { done, stop };
    return done;
  }

  /** Every folder document out of the index (by their kind: kept attachments share the extension's "domain"). */
  async function unindex(keepFolder: boolean) {
    running?.stop.abort();
    await running?.done.catch(() => undefined);
    // Nothing of the folder was indexed: the engine is not started for nothing ("Delete all data", say).
    if ((await deps.store.indexedFiles()).length > 0) await deps.service.remove({ kind: 'source', source: 'folder' });
    if (keepFolder) await deps.store.clearIndexedFiles();
    else await deps.store.clear();
  }

  async function read(path: string): Promise<FolderFileView> {
    const picked = await folder();
    if (!picked) throw new ToolError('No folder is chosen.');
    if ((await folderPermission(picked.handle)) !== 'granted') throw new ToolError(needsPermissionMessage(picked.name));
    const segments = folderPathSegments(path, picked.name);
    const entry = await openFolderEntry(picked.handle, segments, picked.name);
    if (entry.kind !== 'file') throw new ToolError(`"${joinPath(segments)}" is a folder.`);
    const file = await readFolderFile(entry, segments, deps.readDocument, { onlyText: true });
    return {
      folder: picked.name,
      path: joinPath(segments),
      title: file.title,
      type: file.type,
      text: file.text,
      modified: file.file.lastModified,
    };
  }

  return {
    index,
    stop: () => running?.stop.abort(),
    unindex,
    read,
    report: async () => (await deps.store.report()) ?? null,
    /** At worker start: catch up with changes made while Tabwise slept, unless it looked a moment ago. */
    async indexIfDue() {
      const last = await deps.store.report();
      if (last && deps.now() - last.at < START_INDEX_AFTER_MS) return;
      const s = await deps.service.settings();
      if (s.enabled && s.indexDocuments && (await deps.store.get())) await index();
    },
  };
}

const emptyReport = (folderName: string, at: number): FolderIndexReport => ({
  folder: folderName,
  at,
  documents: 0,
  indexed: 0,
  unchanged: 0,
  removed: 0,
  skipped: { tooLarge: 0, unsupported: 0, unreadable: 0, overLimit: 0, refused: 0 },
});
