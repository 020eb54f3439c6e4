/**
 * The files attached to a conversation's user messages, as a run tells the model of them (run-settings.ts
 * `AttachedFile`): each document's kept reading, an image's reason for not being sent. Files of the message the
 * run answers are marked as such; a file that was never read (or whose record is gone) is left out.
 */
import type { AttachedFile } from '../agent/run-settings';
import { describeKind, type DocumentKind } from '../documents/document-kind';
import type { AttachmentStore } from '../storage/attachment-store';
import type { MessageRecord } from '../storage/records';
import type { ImagePart } from '../core/chat-message';
import { isImageKind } from '../core/message-attachment';
import { bytesToBase64 } from '../util/bytes-to-base64';
import { sheetCitationTemplate } from '../documents/sheet-range';

const IMAGE_TYPES: Record<string, ImagePart['mediaType']> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Kinds whose rows a citation opens in the reader page (entrypoints/sheet). */
const SHEET_KINDS = new Set(['xlsx', 'csv']);

export async function loadAttachedFiles(
  store: Pick<AttachmentStore, 'get'>,
  records: MessageRecord[],
  /** The extension's base URL, for a spreadsheet's citation address (none given: no address). */
  sheetBase?: string,
): Promise<AttachedFile[]> {
  const users = records.filter((m) => m.role === 'user');
  const current = users.at(-1)?.id;
  const listed = users.flatMap((m) => (m.attachments ?? []).map((a) => ({ a, current: m.id === current })));
  const files = await Promise.all(
    listed.map(async ({ a, current }): Promise<AttachedFile | undefined> => {
      const kind = describeKind(a.kind as DocumentKind) ?? a.kind;
      const facts = {
        name: a.name,
        kind,
        current,
        ...(a.pages !== undefined ? { pages: a.pages } : {}),
        ...(a.rows !== undefined ? { rows: a.rows } : {}),
      };
      if (a.notSent) return { ...facts, notSent: a.notSent };
      const record = await store.get(a.id);
      if (record && isImageKind(a.kind)) {
        const data = bytesToBase64(new Uint8Array(await record.blob.arrayBuffer()));
        return { ...facts, image: { mediaType: IMAGE_TYPES[a.kind]!, data } };
      }
      if (!record?.reading) return undefined;
      return {
        ...facts,
        ...(sheetBase && SHEET_KINDS.has(a.kind) ? { citeRows: sheetCitationTemplate(sheetBase, a.id) } : {}),
        text: record.reading.text,
        ...(record.reading.notes.length ? { notes: record.reading.notes } : {}),
      };
    }),
  );
  return files.filter((f): f is AttachedFile => f !== undefined);
}
