/**
 * Puts the documents of the chosen folder into the history index, and keeps them in step: a bounded walk of
 * the folder (files by their extension: PDF, Word, Excel, CSV, text, Markdown, HTML), each file read only
 * when its size or modified time changed and embedded only when its bytes did (reindex-decision.ts), files
 * gone from the folder taken out of the index, and a report of what was done and what was skipped and why.
 * It runs in the worker; each file's read is its own step, so Stop (the signal) ends it between two files.
 */
import type { CaptureReply } from '../../retrieval/capture-message';
import type { FolderIndexReport, FolderStore } from '../../storage/folder-store';
import type { ReadDocumentFile } from '../web/read-document-response';
import { FOLDER_INDEX_MAX_FILE_BYTES, FOLDER_INDEX_MAX_FILES } from './folder-index-limits';
import { walkFolder, type FolderEntry } from './folder-entries';
import { folderPermission, type FolderDirectoryHandle, type FolderFileHandle } from './folder-handle';
import { joinPath } from './folder-path';
import { readFolderFile } from './read-folder-file';
import { contentChanged, readDecision, removedPaths } from './reindex-decision';

const WALK_LIMITS = { maxEntries: 20_000, maxDepth: 16 };
/** What the index reads, by the file's extension. */
const INDEXED_EXTENSIONS = /\.(pdf|docx|xlsx|csv|txt|text|md|markdown|html?)$/i;

export interface FolderIndexDeps {
  folder(): Promise<{ handle: FolderDirectoryHandle; name: string } | undefined>;
  store: Pick<FolderStore, 'indexedFiles' | 'putIndexedFile' | 'deleteIndexedFiles' | 'setReport'>;
  readDocument?: ReadDocumentFile;
  /** The viewer address the index keys a file by. */
  documentUrl(segments: readonly string[]): string;
  remember(doc: { url: string; title: string; text: string; pdf: boolean }): Promise<CaptureReply>;
  isIndexed(url: string): Promise<boolean>;
  /** Takes these documents out of the index. */
  forget(urls: string[]): Promise<void>;
  now(): number;
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Indexes the folder now; the report is also stored for Settings → Documents. */
export async function indexFolder(deps: FolderIndexDeps, signal: AbortSignal): Promise<FolderIndexReport> {
  const folder = await deps.folder();
  const report: FolderIndexReport = {
    folder: folder?.name ?? '',
    at: deps.now(),
    documents: 0,
    indexed: 0,
    unchanged: 0,
    removed: 0,
    skipped: { tooLarge: 0, unsupported: 0, unreadable: 0, overLimit: 0, refused: 0 },
  };
  if (!folder) return { ...report, error: 'no-folder' };
  if ((await folderPermission(folder.handle)) !== 'granted') {
    const out = { ...report, error: 'permission' };
    await deps.store.setReport(out);
    return out;
  }
  const previous = new Map((await deps.store.indexedFiles()).map((f) => [f.path, f]));
  const files: Array<{ entry: FolderFileHandle; segments: string[] }> = [];
  await walkFolder(folder.handle, [], WALK_LIMITS, async (entry: FolderEntry, segments) => {
    if (entry.kind !== 'file') return;
    if (!INDEXED_EXTENSIONS.test(entry.name)) report.skipped.unsupported++;
    else if (files.length >= FOLDER_INDEX_MAX_FILES) report.skipped.overLimit++;
    else files.push({ entry, segments });
  });
  const present = new Set<string>();
  for (const { entry, segments } of files) {
    if (signal.aborted) {
      report.stopped = true;
      break;
    }
    const path = joinPath(segments);
    const url = deps.documentUrl(segments);
    const before = previous.get(path);
    try {
      const file = await entry.getFile();
      if (file.size > FOLDER_INDEX_MAX_FILE_BYTES) {
        report.skipped.tooLarge++;
        continue;
      }
      present.add(path);
      const stillIndexed = before ? await deps.isIndexed(url) : false;
      const facts = { size: file.size, modified: file.lastModified };
      if (readDecision(before, facts, stillIndexed) === 'skip') {
        report.unchanged++;
        continue;
      }
      const hash = hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
      if (!contentChanged(before, hash, stillIndexed)) {
        await deps.store.putIndexedFile({ path, ...facts, hash });
        report.unchanged++;
        continue;
      }
      const read = await readFolderFile(entry, segments, deps.readDocument, { file, onlyText: true });
      const reply = await deps.remember({ url, title: read.title, text: read.text, pdf: read.kind === 'pdf' });
      if (reply.status === 'queued' || reply.status === 'replaced' || reply.status === 'unchanged') {
        await deps.store.putIndexedFile({ path, ...facts, hash });
        if (reply.status === 'unchanged') report.unchanged++;
        else report.indexed++;
      } else {
        present.delete(path);
        report.skipped.refused++;
      }
    } catch (error) {
      // A file that cannot be read (corrupt, encrypted, a lying extension, gone meanwhile) is skipped and counted.
      console.warn(`Tabwise: a folder document was not indexed (${path})`, error);
      present.delete(path);
      report.skipped.unreadable++;
    }
  }
  // Stopped early: what was not reached this time stays as it was.
  if (report.stopped) for (const path of previous.keys()) present.add(path);
  const gone = removedPaths([...previous.values()], present);
  if (gone.length) {
    await deps.forget(gone.map((p) => deps.documentUrl(p.split('/'))));
    await deps.store.deleteIndexedFiles(gone);
  }
  report.removed = gone.filter((p) => previous.has(p)).length;
  report.documents = (await deps.store.indexedFiles()).length;
  await deps.store.setReport(report);
  return report;
}
