/**
 * The versions of an answer (Regenerate keeps each earlier answer to the same question): which one is shown,
 * switching to another, and the versions a new answer to the same question carries. Pure; the record's own
 * fields are always the version shown, so everything that reads an answer (the next request, Copy, the
 * Markdown export) reads that one without knowing about versions.
 */
import type { AnswerVersion, MessageRecord } from './records';

/** The fields of `m` that make up its version (everything but its place in the conversation). */
export function versionOf(m: MessageRecord): AnswerVersion {
  const {
    id: _id,
    conversationId: _conversationId,
    role: _role,
    createdAt: _createdAt,
    otherVersions: _others,
    versionIndex: _index,
    ...version
  } = m;
  return version;
}

export const versionCount = (m: MessageRecord): number => (m.otherVersions?.length ?? 0) + 1;

/** The 0-based position of the version shown; a stored index out of range reads as the nearest one. */
export function shownVersionIndex(m: MessageRecord): number {
  const others = m.otherVersions?.length ?? 0;
  const index = m.versionIndex ?? others;
  return Number.isInteger(index) ? Math.min(Math.max(index, 0), others) : others;
}

/** Every version of `m`, in the order they were written. */
export function listVersions(m: MessageRecord): AnswerVersion[] {
  const others = m.otherVersions ?? [];
  const i = shownVersionIndex(m);
  return [...others.slice(0, i), versionOf(m), ...others.slice(i)];
}

/** `m` showing its version at `index` (0-based); `m` itself when there is no such version. */
export function showVersion(m: MessageRecord, index: number): MessageRecord {
  const all = listVersions(m);
  const chosen = Number.isInteger(index) ? all[index] : undefined;
  if (!chosen || index === shownVersionIndex(m)) return m;
  const { id, conversationId, role, createdAt } = m;
  return {
    id,
    conversationId,
    role,
    createdAt,
    ...chosen,
    otherVersions: all.filter((_, i) => i !== index),
    versionIndex: index,
  };
}

/** A version with nothing to show (no text, no tool card: a bare error, a stop before anything came) is not kept. */
const hasContent = (v: AnswerVersion) => v.text.trim() !== '' || (v.parts ?? []).some((p) => p.kind === 'tool');

/**
 * The versions a new answer to the same question carries: every version of `earlier` worth keeping, in order,
 * with the new answer after them and shown.
 */
export function versionsCarriedBy(earlier: MessageRecord): Pick<MessageRecord, 'otherVersions' | 'versionIndex'> {
  // An answer left streaming by a worker that died is not being written any more.
  const kept = listVersions(earlier)
    .filter(hasContent)
    .map((v): AnswerVersion => (v.status === 'streaming' ? { ...v, status: 'interrupted' } : v));
  return kept.length ? { otherVersions: kept, versionIndex: kept.length } : {};
}
