import type { UndoOutcome } from '../../../lib/core/run-part';
import { formatCount } from '../../options/format-figures';
import { t } from '../../ui/t';

/** The Undo result in words: a headline, and one line per field that could not be restored. */
export function describeUndo(undo: UndoOutcome): { ok: boolean; headline: string; details: string[] } {
  if ('error' in undo) return { ok: false, headline: t('undo_failed', undo.error), details: [] };
  const n = undo.restored.length;
  const fields = (k: number) => formatCount(k, 'field');
  const restored = n ? t('undo_restored', fields(n), undo.restored.join(', ')) : t('undo_nothing');
  const headline = undo.failed.length ? t('undo_not_restored', restored, fields(undo.failed.length)) : restored;
  return { ok: undo.failed.length === 0 && n > 0, headline, details: undo.failed.map((f) => `${f.key}: ${f.reason}`) };
}
