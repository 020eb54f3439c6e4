/**
 * "Import": merges a checked export file into what is here. Nothing is duplicated: a conversation, message
 * or memory already here (same id) is kept as it is, a memory with the same text is not added twice, and a
 * skill of the same name is replaced by the file's. Settings from the file apply, except a default model
 * whose provider does not exist here.
 */
import type { MessageRecord } from '../../storage/records';
import { MAX_USER_SKILLS } from '../handlers/skill-handlers';
import { UserFacingError } from '../user-facing-error';
import type { DataTransferDeps } from './data-transfer-deps';
import type { ExportFile, ExportedMessage } from './export-file-schema';

export interface ImportResult {
  conversations: number;
  messages: number;
  memories: number;
  skills: number;
}

/**
 * A message left streaming by the exporting browser can never finish here: it imports as interrupted. The
 * cast is over parts checked by the schema for the fields the panel reads; later versions' extra fields ride along.
 */
const settled = (m: ExportedMessage): MessageRecord => ({ ...m, status: m.status === 'streaming' ? 'interrupted' : m.status }) as MessageRecord;

export async function applyImport(deps: DataTransferDeps, file: ExportFile): Promise<ImportResult> {
  const [conversations, memory, settings] = await Promise.all([deps.conversations, deps.memory, deps.settings]);
  const current = await settings.get();
  const skills = [...(current.userSkills ?? []).filter((k) => !file.skills.some((s) => s.name === k.name)), ...file.skills];
  // Checked before anything is written, so a refused import changes nothing.
  if (skills.length > MAX_USER_SKILLS) throw new UserFacingError('invalid', `Nothing was imported: with the file's skills there would be ${skills.length}; at most ${MAX_USER_SKILLS}.`);

  const result: ImportResult = { conversations: 0, messages: 0, memories: 0, skills: file.skills.length };
  for (const { conversation, messages } of file.conversations) {
    const existing = await conversations.getConversation(conversation.id);
    if (!existing) {
      await conversations.createConversation(conversation);
      result.conversations++;
    }
    for (const m of messages) {
      if (m.conversationId !== conversation.id || (await conversations.getMessage(m.id))) continue;
      await conversations.putMessage(settled(m));
      result.messages++;
    }
  }
  const memories = await memory.list();
  const ids = new Set(memories.map((m) => m.id));
  const texts = new Set(memories.map((m) => m.text.trim()));
  for (const m of file.memories) {
    if (ids.has(m.id) || texts.has(m.text.trim())) continue;
    await memory.save(m);
    ids.add(m.id);
    texts.add(m.text.trim());
    result.memories++;
  }
  const { defaultProviderId, ...rest } = file.settings;
  const keepDefault = defaultProviderId !== undefined && (await deps.providerIds()).includes(defaultProviderId);
  await settings.update({ ...rest, ...(keepDefault ? { defaultProviderId } : {}), userSkills: skills });
  return result;
}
