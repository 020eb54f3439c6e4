/** "Export everything": the user's conversations, memories, skills and settings as one checked file. */
import { EXPORT_FORMAT, EXPORT_VERSION, exportFileSchema, type ExportFile } from './export-file-schema';
import type { DataTransferDeps } from './data-transfer-deps';

/** Builds the file; it passes through the schema, so only what the schema names leaves (never keys). */
export async function buildExport(deps: DataTransferDeps): Promise<ExportFile> {
  const [conversations, memory, settings] = await Promise.all([deps.conversations, deps.memory, deps.settings]);
  const { userSkills, ...rest } = await settings.get();
  const list = await conversations.listConversations();
  return exportFileSchema.parse({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: deps.now(),
    conversations: await Promise.all(list.map(async (conversation) => ({ conversation, messages: await conversations.listMessages(conversation.id) }))),
    memories: await memory.list(),
    skills: userSkills ?? [],
    settings: rest,
  });
}
