/**
 * The viewer page's model: the address checked (parseViewerUrl: this extension, one path inside the folder or one
 * kept attachment), Chrome's permission for the folder asked again when it was withdrawn (a click is needed, so
 * here and not in the worker), the file's text as the index read it (a folder file read by the worker, an
 * attachment's reading from the documents database this page shares), and where the cited passage is.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { FolderFileView } from '../../lib/background/protocol';
import { describeKind, type DocumentKind } from '../../lib/documents/document-kind';
import { openAttachmentStore } from '../../lib/storage/attachment-store';
import { openFolderStore, type FolderStore } from '../../lib/storage/folder-store';
import { asFolderDirectory, folderPermission } from '../../lib/tools/folder/folder-handle';
import { parseViewerUrl } from '../../lib/tools/folder/viewer-url';
import { t } from '../ui/t';
import { locatePassage } from './locate-passage';

/** An attached file as the viewer shows it: its name and the text read from it. */
export interface AttachmentView {
  name: string;
  kind: string;
  text: string;
}

export interface ViewerDeps {
  store: Pick<FolderStore, 'get'>;
  /** A team document's view link, asked by the background (which holds the token). */
  teamViewLink(target: { documentId: string; passage?: number; position?: number }): Promise<string>;
  /** Leaves for `url` (the team server's document view), in place of this page. */
  go(url: string): void;
  read(path: string): Promise<FolderFileView>;
  /** The attachment's reading; undefined when it is gone (deleted with its conversation) or was never read. */
  readAttachment(id: string): Promise<AttachmentView | undefined>;
}

/** What the page shows: a heading naming the file and where it is, and its text. */
export interface ViewedFile {
  heading: string;
  text: string;
}

const defaultDeps = (): ViewerDeps => ({
  store: openFolderStore(),
  teamViewLink: async (target) => (await sendToBackground('team.openView', target)).url,
  go: (url) => location.replace(url),
  read: (path) => sendToBackground('folder.read', { path }),
  async readAttachment(id) {
    const record = await openAttachmentStore().get(id);
    return record?.reading && record.kind
      ? { name: record.name, kind: record.kind, text: record.reading.text }
      : undefined;
  },
});

export function createViewerState(href: string, origin: string, deps: ViewerDeps = defaultDeps()) {
  const target = parseViewerUrl(href, origin);
  const file = signal<ViewedFile | null>(null);
  /** The folder's name while Chrome needs the user to allow reading it again. */
  const needsPermission = signal<string | null>(null);
  const error = signal<string | null>(null);
  const passage = signal<[number, number] | undefined>(undefined);

  function show(read: ViewedFile) {
    passage.value = target?.passage ? locatePassage(read.text, target.passage) : undefined;
    file.value = read;
  }

  async function load() {
    if (!target) return;
    if (target.source === 'team') {
      // The team server shows its document itself: this page only asks for the link and goes there.
      try {
        deps.go(await deps.teamViewLink({ documentId: target.documentId, ...target.cite }));
      } catch (e) {
        error.value = e instanceof Error ? e.message : String(e);
      }
      return;
    }
    if (target.source === 'attachment') {
      const read = await deps.readAttachment(target.id).catch((e: unknown) => {
        error.value = e instanceof Error ? e.message : String(e);
        return null;
      });
      if (read)
        show({
          heading: t('viewer_heading_attachment', read.name, describeKind(read.kind as DocumentKind)),
          text: read.text,
        });
      else if (read === undefined) error.value = t('viewer_attachment_gone');
      return;
    }
    const folder = await deps.store.get();
    if (folder && (await folderPermission(asFolderDirectory(folder.handle))) !== 'granted') {
      needsPermission.value = folder.name;
      return;
    }
    needsPermission.value = null;
    try {
      const read = await deps.read(target.path);
      show({ heading: t('viewer_heading', read.path, read.folder, read.type), text: read.text });
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
  }

  return {
    target,
    file,
    needsPermission,
    error,
    passage,
    load,
    /** The "Allow" click: Chrome's prompt, then the read. */
    async allow() {
      const folder = await deps.store.get();
      const handle = folder && asFolderDirectory(folder.handle);
      if (handle?.requestPermission) await handle.requestPermission({ mode: 'read' });
      await load();
    },
  };
}

export type ViewerState = ReturnType<typeof createViewerState>;
