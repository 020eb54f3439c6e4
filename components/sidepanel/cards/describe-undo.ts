import type { UndoOutcome } from '../../../lib/storage/records';

/** The Undo result in words: a headline, and one line per field that could not be restored. */
export function describeUndo(undo: UndoOutcome): { ok: boolean; headline: string; details: string[] } {
  if ('error' in undo) return { ok: false, headline: `Could not undo: ${undo.error}`, details: [] };
  const n = undo.restored.length;
  const fields = (k: number) => `${k} field${k === 1 ? '' : 's'}`;
  const restored = n ? `Undone: restored ${fields(n)} (${undo.restored.join(', ')}).` : 'Undo restored no field.';
  const headline = undo.failed.length ? `${restored} ${fields(undo.failed.length)} could not be restored.` : restored;
  return { ok: undo.failed.length === 0 && n > 0, headline, details: undo.failed.map((f) => `${f.key}: ${f.reason}`) };
}
