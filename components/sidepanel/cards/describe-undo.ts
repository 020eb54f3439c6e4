import type { UndoOutcome } from '../../../lib/core/run-part';
import { formatCount, formatNumber } from '../../options/format-figures';
import { t } from '../../ui/t';
import { uiLocale } from '../../ui/ui-locale';

/** How many labels the headline names before it says how many more there are. */
const NAMED = 6;

/**
 * The Undo result in words, fields named as the page labels them (`labels`, by key; a key the form did not
 * label stays a key): a headline, and one line per field that could not be restored.
 */
export function describeUndo(
  undo: UndoOutcome,
  labels: ReadonlyMap<string, string> = new Map(),
): { ok: boolean; headline: string; details: string[] } {
  if ('error' in undo) return { ok: false, headline: t('undo_failed', undo.error), details: [] };
  const name = (key: string) => labels.get(key) || key;
  // In the order the page lists its fields (labels come in that order), whatever order the page restored them in.
  const order = [...labels.keys()];
  const at = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const restored = [...undo.restored].sort((a, b) => at(a) - at(b));
  const n = restored.length;
  const fields = (k: number) => formatCount(k, 'field');
  const named = restored.slice(0, NAMED).map(name);
  const list = new Intl.ListFormat(uiLocale(), { style: 'short', type: 'unit' }).format(
    n > NAMED ? [...named, t('undo_more', formatNumber(n - NAMED))] : named,
  );
  const said = n ? t('undo_restored', fields(n), list) : t('undo_nothing');
  const headline = undo.failed.length ? t('undo_not_restored', said, fields(undo.failed.length)) : said;
  return {
    ok: undo.failed.length === 0 && n > 0,
    headline,
    details: undo.failed.map((f) => `${name(f.key)}: ${f.reason}`),
  };
}
