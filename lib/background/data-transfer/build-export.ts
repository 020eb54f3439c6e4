/**
 * "Export everything": the user's conversations, memories, skills, settings, providers (never their keys) and
 * "Remember what I read" settings as one checked file.
 */
import { EXPORT_FORMAT, EXPORT_VERSION, exportFileSchema, type ExportFile } from './export-file-schema';
import type { DataTransferDeps } from './data-transfer-deps';

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
  });
}
