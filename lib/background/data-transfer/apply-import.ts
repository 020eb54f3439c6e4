/**
 * "Import": merges a checked export file into what is here. Nothing is duplicated: a conversation, message
 * or memory already here (same id) is kept as it is, a memory with the same text is not added twice, a
 * skill of the same name is replaced by the file's, and a provider with the same kind, address, model and
 * name is the one already here. Providers arrive without a key (the file never has one): those that had one
 * are listed, so the user is asked for it. Settings from the file apply, and so do its "Remember what I
 * read" settings; the file's default model applies only when it is a provider that was here already, or when
 * there was no default here (restoring into a fresh browser): a file cannot move someone's chats to an
 * endpoint it brought.
 */
import type { MessageRecord } from '../../storage/records';
import { MAX_USER_SKILLS } from '../handlers/skill-handlers';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { DataTransferDeps } from './data-transfer-deps';
import type { ImportResult } from '../protocol';
import type { ExportFile, ExportedGrant, ExportedMessage } from './export-file-schema';
import { formatInteger } from '../../util/format-integer';
import { t } from '../../util/t';
import { base64ToBytes } from '../../util/bytes-to-base64';
import { checkImportedWorkflows } from './import-workflows';

/**
 * A message (or a version of an answer) left streaming by the exporting browser can never finish here: it
 * imports as interrupted. The cast is over parts checked by the schema for the fields the panel reads; later
 * versions' extra fields ride along.
 */
const settle = <T extends { status: ExportedMessage['status'] }>(m: T): T => ({
  ...m,
  status: m.status === 'streaming' ? 'interrupted' : m.status,
});
const settled = (m: ExportedMessage): MessageRecord =>
  settle({ ...m, ...(m.otherVersions ? { otherVersions: m.otherVersions.map(settle) } : {}) }) as MessageRecord;

/** An imported grant must name a tool here that asks and may be always allowed; else the whole import is refused. */
async function checkGrants(deps: DataTransferDeps, grants: ExportedGrant[]) {
  if (!grants.length) return;
  if (!deps.grants) return;
  for (const g of grants)
    if (!(await deps.grants.grantable(g.toolName)))
      throw new UserFacingError('invalid', t('bg_import_bad_grant', g.toolName, g.site));
}

/** Adds the file's grants that are not here yet, each with the time it was given there. */
async function importGrants(transfer: NonNullable<DataTransferDeps['grants']>, grants: ExportedGrant[]) {
  const store = await transfer.store;
  const here = new Set((await store.list()).map((g) => `${g.site}\u0000${g.toolName}`));
  let added = 0;
  for (const g of grants) {
    const key = `${g.site}\u0000${g.toolName}`;
    if (here.has(key)) continue;
    await store.allow(g.site, g.toolName, g.givenAt);
    here.add(key);
    added++;
  }
  return added;
}

export async function applyImport(deps: DataTransferDeps, file: ExportFile): Promise<ImportResult> {
  const [conversations, memory, settings, providers] = await Promise.all([
    deps.conversations,
    deps.memory,
    deps.settings,
    deps.providers,
  ]);
  const current = await settings.get();
  const sameSkillHere = (s: (typeof file.skills)[number]) =>
    (current.userSkills ?? []).some((k) => JSON.stringify(k) === JSON.stringify(s));
  const skills = [
    ...(current.userSkills ?? []).filter((k) => !file.skills.some((s) => s.name === k.name)),
    ...file.skills,
  ];
  // Checked before anything is written, so a refused import changes nothing.
  await checkGrants(deps, file.grants ?? []);
  const workflows = await checkImportedWorkflows(deps, file);
  if (skills.length > MAX_USER_SKILLS)
    throw new UserFacingError(
      'invalid',
      t('bg_import_too_many_skills', formatInteger(skills.length), formatInteger(MAX_USER_SKILLS)),
    );

  const result: ImportResult = {
    conversations: 0,
    messages: 0,
    memories: 0,
    // A skill that is here already, word for word, is kept; one with the same name and other text replaces it.
    skills: file.skills.filter((s) => !sameSkillHere(s)).length,
    providers: 0,
    providersNeedingKey: [],
    remember: false,
    grants: 0,
    ...workflows.added,
    kept: {
      conversations: 0,
      memories: 0,
      providers: 0,
      skills: file.skills.filter(sameSkillHere).length,
      ...workflows.kept,
    },
  };
  for (const { conversation, messages } of file.conversations) {
    const existing = await conversations.getConversation(conversation.id);
    if (!existing) {
      await conversations.createConversation(conversation);
      result.conversations++;
    } else result.kept.conversations++;
    for (const m of messages) {
      if (m.conversationId !== conversation.id || (await conversations.getMessage(m.id))) continue;
      await conversations.putMessage(settled(m));
      result.messages++;
    }
  }
  if (file.attachments?.length && deps.attachments) {
    const store = await deps.attachments;
    const imported = new Set(file.conversations.map((c) => c.conversation.id));
    const records = [];
    for (const { data, ...a } of file.attachments) {
      if (!imported.has(a.conversationId) || (await store.get(a.id))) continue;
      const bytes = data === undefined ? new Uint8Array() : base64ToBytes(data);
      records.push({ ...a, blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: a.mediaType }) });
    }
    await store.putAll(records);
  }
  const memories = await memory.list();
  const ids = new Set(memories.map((m) => m.id));
  const texts = new Set(memories.map((m) => m.text.trim()));
  for (const m of file.memories) {
    if (ids.has(m.id) || texts.has(m.text.trim())) {
      result.kept.memories++;
      continue;
    }
    await memory.save(m);
    ids.add(m.id);
    texts.add(m.text.trim());
    result.memories++;
  }
  const here = await providers.list();
  /** The file's provider ids → the ids they have here. */
  const providerIds = new Map<string, string>();
  /** What is here plus what this import added: a file that lists one provider twice adds it once. */
  const known = [...here];
  for (const { id, hadKey, ...config } of file.providers ?? []) {
    const same = known.find(
      (p) =>
        p.kind === config.kind && p.baseUrl === config.baseUrl && p.model === config.model && p.name === config.name,
    );
    // No apiKey field: saved without a key, and an existing one keeps its own.
    const saved = same ?? (await providers.save(config));
    if (!same) {
      result.providers++;
      known.push(saved);
    } else result.kept.providers++;
    if (hadKey && !saved.hasKey && !result.providersNeedingKey.includes(saved.name))
      result.providersNeedingKey.push(saved.name);
    providerIds.set(id, saved.id);
  }

  const { defaultProviderId, fallbackModels, ...rest } = file.settings;
  // Fallbacks name providers by the file's ids: each follows its provider here, one that did not come is dropped.
  const fallbacks = fallbackModels?.flatMap((m) => {
    const providerId = here.some((p) => p.id === m.providerId) ? m.providerId : providerIds.get(m.providerId);
    return providerId ? [{ ...m, providerId }] : [];
  });
  const hadDefault = current.defaultProviderId !== undefined && here.some((p) => p.id === current.defaultProviderId);
  const mapped =
    defaultProviderId === undefined
      ? undefined
      : here.some((p) => p.id === defaultProviderId)
        ? defaultProviderId
        : providerIds.get(defaultProviderId);
  const keepDefault = mapped !== undefined && (!hadDefault || here.some((p) => p.id === mapped));
  // As when a provider is saved in Settings: with no default here, the first provider is the default.
  const fallback =
    hadDefault || result.providers === 0 ? undefined : (here[0]?.id ?? providerIds.values().next().value);
  const nextDefault = keepDefault ? mapped : fallback;
  await settings.update({
    ...rest,
    ...(nextDefault !== undefined ? { defaultProviderId: nextDefault } : {}),
    ...(fallbacks ? { fallbackModels: fallbacks } : {}),
    userSkills: skills,
  });
  if (result.providers > 0) await deps.localOrigins?.sync();

  if (deps.grants && file.grants?.length) result.grants = await importGrants(deps.grants, file.grants);
  // A provider the file lists is the one it matched or added here (its id here may be another provider's there).
  const providerHere = (id: string) => providerIds.get(id) ?? (here.some((p) => p.id === id) ? id : undefined);
  await workflows.write(providerHere);

  if (file.remember && deps.remember) {
    await deps.remember.update(file.remember);
    result.remember = true;
  }
  return result;
}
