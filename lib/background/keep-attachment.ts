/**
 * "Keep in my documents" on a sent file's chip: the text read from the file goes into the history index as a
 * document of the user's own, under the rules a page meets (remembering on and not paused, the denied patterns,
 * secrets scrubbed: admit-own-document.ts), keyed and cited by its address in the extension's viewer page; or it
 * comes out again. The chip's state is the message's (MessageAttachment.kept), so every panel shows it after a
 * reload; the conversation's deletion takes kept files out of the index with their bytes.
 */
import type { MessageAttachment } from '../core/message-attachment';
import { UserFacingError } from '../messaging/user-facing-error';
import type { CaptureReply } from '../retrieval/capture-message';
import type { OwnDocumentInput } from '../retrieval/ingest/ingest-service';
import type { AttachmentStore } from '../storage/attachment-store';
import type { ConversationStore } from '../storage/conversation-store';
import type { MessageRecord } from '../storage/records';
import { attachmentDocumentUrl, isViewerAttachmentId } from '../tools/folder/viewer-url';
import { t } from '../util/t';
import type { Awaitable } from './handlers/handler-set';

/** The history index as keeping a file uses it. */
export interface KeptDocumentIndex {
  remember(doc: OwnDocumentInput): Promise<CaptureReply>;
  /** Takes the documents at these addresses out of the index (and out of its queue). */
  forget(urls: string[]): Promise<void>;
}

export interface KeepAttachmentDeps {
  store: Pick<AttachmentStore, 'get' | 'setKept' | 'listByConversation' | 'deleteConversation'>;
  conversations: Awaitable<Pick<ConversationStore, 'getMessage' | 'putMessage'>>;
  index: KeptDocumentIndex;
  /** chrome-extension://<id>: the viewer's origin. */
  origin: string;
  /** Tells the conversation's panels that the message changed (its chip shows the new state). */
  announce(message: MessageRecord): void;
}

/** Why a file could not be kept, as the chip says it (the index's refusal reasons are admit-own-document's). */
function refusal(reply: CaptureReply, name: string): string | undefined {
  if (reply.status === 'off') return t('bg_keep_off');
  if (reply.status === 'full') return t('bg_keep_full');
  if (reply.status !== 'refused') return undefined;
  if (reply.reason === 'paused') return t('bg_keep_paused');
  if (reply.reason === 'user-denylist') return t('bg_keep_denied', name);
  return t('bg_keep_no_text', name);
}

export function createAttachmentKeeping(deps: KeepAttachmentDeps) {
  const urlOf = (id: string) => attachmentDocumentUrl(deps.origin, id);

  async function setOnMessage(messageId: string, id: string, kept: boolean): Promise<MessageAttachment | undefined> {
    const conversations = await deps.conversations;
    const message = await conversations.getMessage(messageId);
    const at = message?.attachments?.findIndex((a) => a.id === id) ?? -1;
    if (!message || at < 0) return undefined;
    const { kept: _was, ...rest } = message.attachments![at]!;
    const next: MessageAttachment = kept ? { ...rest, kept: true } : rest;
    const updated = { ...message, attachments: message.attachments!.map((a, i) => (i === at ? next : a)) };
    await conversations.putMessage(updated);
    deps.announce(updated);
    return next;
  }

  return {
    /** Keeps the sent file `id` in the index (keep) or takes it out; answers the chip's new state. */
    async keep({ id, keep }: { id: string; keep: boolean }): Promise<MessageAttachment> {
      const record = await deps.store.get(id);
      // Only a file sent with a message can be kept: one still in the composer belongs to no conversation yet.
      if (!record?.messageId || !isViewerAttachmentId(id)) throw new UserFacingError('not_found', t('bg_keep_gone'));
      if (keep) {
        const text = record.reading?.text.trim();
        if (!text) throw new UserFacingError('unsupported_file', t('bg_keep_no_text', record.name));
        const why = refusal(
          await deps.index.remember({ url: urlOf(id), title: record.name, text, pdf: record.kind === 'pdf' }),
          record.name,
        );
        if (why) throw new UserFacingError('forbidden', why);
      } else await deps.index.forget([urlOf(id)]);
      await deps.store.setKept(id, keep);
      const shown = await setOnMessage(record.messageId, id, keep);
      if (!shown) throw new UserFacingError('not_found', t('bg_keep_gone'));
      return shown;
    },
    /** Deletes a conversation's files, the kept ones out of the index first. */
    async deleteConversation(conversationId: string): Promise<void> {
      const kept = (await deps.store.listByConversation(conversationId)).filter((r) => r.kept);
      if (kept.length) await deps.index.forget(kept.map((r) => urlOf(r.id)));
      await deps.store.deleteConversation(conversationId);
    },
  };
}

export type AttachmentKeeping = ReturnType<typeof createAttachmentKeeping>;
