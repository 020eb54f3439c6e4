/**
 * "Export everything": the user's conversations, memories, skills, settings, providers (never their keys),
 * "Remember what I read" settings, "always allow" grants, saved tasks and model comparisons as one checked file.
 */
import { EXPORT_FORMAT, EXPORT_VERSION, exportFileSchema, type ExportFile } from './export-file-schema';
import type { DataTransferDeps } from './data-transfer-deps';
import type { ExportedAttachment } from './export-file-schema';
import type { AttachmentStore } from '../../storage/attachment-store';
import type { ConversationRecord } from '../../storage/records';
import { bytesToBase64 } from '../../util/bytes-to-base64';

/** Builds the file; it passes through the schema, so only what the schema names leaves (never keys). */
export async function buildExport(deps: DataTransferDeps): Promise<ExportFile> {
  const [conversations, memory, settings, providers] = await Promise.all([
    deps.conversations,
    deps.memory,
    deps.settings,
    deps.providers,
  ]);
  const { userSkills, ...rest } = await settings.get();
  const list = await conversations.listConversations();
  const remember = deps.remember && (await deps.remember.get());
  return exportFileSchema.parse({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: deps.now(),
    conversations: await Promise.all(
      list.map(async (conversation) => ({ conversation, messages: await conversations.listMessages(conversation.id) })),
    ),
    memories: await memory.list(),
    skills: userSkills ?? [],
    settings: rest,
    // Only what the schema names is kept: hasKey becomes hadKey; keyLast4 and any key field are dropped.
    providers: (await providers.list()).map((p) => ({ ...p, hadKey: p.hasKey })),
    ...(remember ? { remember } : {}),
    ...(deps.attachments ? { attachments: await exportAttachments(await deps.attachments, list) } : {}),
    // A scheduled task's own grants (schedule-grants.ts) are keyed by its id here: they stay with this browser.
    ...(deps.grants
      ? { grants: (await (await deps.grants.store).list()).filter((g) => !g.site.startsWith('task:')) }
      : {}),
    ...(deps.tasks ? { tasks: (await (await deps.tasks).list()).tasks } : {}),
    // As stored (a record that does not read back is left out, as in the list); one running here imports stopped.
    ...(deps.comparisons ? { comparisons: (await (await deps.comparisons).list()).comparisons } : {}),
  });
}

/** Bytes of attached files one export carries at most (the file travels as one message); the rest go as text only. */
export const EXPORT_ATTACHMENT_BYTES = 20_000_000;

async function exportAttachments(
  store: Pick<AttachmentStore, 'listByConversation'>,
  conversations: ConversationRecord[],
): Promise<ExportedAttachment[]> {
  let budget = EXPORT_ATTACHMENT_BYTES;
  const out: ExportedAttachment[] = [];
  for (const c of conversations)
    for (const { blob, conversationId, messageId, ...rest } of await store.listByConversation(c.id)) {
      if (!conversationId || !messageId) continue;
      const fits = blob.size <= budget;
      if (fits) budget -= blob.size;
      out.push({
        ...rest,
        conversationId,
        messageId,
        ...(fits ? { data: bytesToBase64(new Uint8Array(await blob.arrayBuffer())) } : {}),
      });
    }
  return out;
}
