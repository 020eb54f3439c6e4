/** The embedding model's state as one sentence for the settings page: downloading, loading, or why it failed. */
import type { IngestStats } from '../../lib/retrieval/ingest-stats';
import { uiLocale } from '../ui/ui-locale';
import { t } from '../ui/t';
import { formatInteger } from '../../lib/util/format-integer';

export interface ModelStatusLine {
  tone: 'progress' | 'error';
  text: string;
}

const megabytes = (n: number) =>
  `${new Intl.NumberFormat(uiLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n / 1024 ** 2)} MB`;
/** `Xenova/all-MiniLM-L6-v2@q8` → `Xenova/all-MiniLM-L6-v2` (the precision is the settings' business). */
const modelName = (modelId: string) => modelId.replace(/@[^@/]*$/, '');
const pagesWaiting = (n: number) =>
  new Intl.PluralRules(uiLocale()).select(n) === 'one'
    ? t('model_queue_one', formatInteger(n))
    : t('model_queue_other', formatInteger(n));

/** Undefined when there is nothing to say (the model is idle or ready and nothing failed). */
export function describeModelStatus(
  stats: Pick<IngestStats, 'model' | 'modelId' | 'modelProgress' | 'modelError' | 'lastError' | 'queueDepth'>,
): ModelStatusLine | undefined {
  const name = modelName(stats.modelId);
  if (stats.model === 'loading') {
    const p = stats.modelProgress;
    if (p?.phase !== 'downloading') return { tone: 'progress', text: t('model_loading', name) };
    const share = new Intl.NumberFormat(uiLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(
      Math.floor((100 * Math.min(p.loaded, p.total)) / p.total) / 100,
    );
    const amount =
      p.total > 0 ? t('model_amount', megabytes(p.loaded), megabytes(p.total), share) : megabytes(p.loaded);
    return {
      tone: 'progress',
      text: p.host ? t('model_downloading_from', name, p.host, amount) : t('model_downloading', name, amount),
    };
  }
  const error = stats.model === 'failed' ? (stats.modelError ?? stats.lastError) : stats.lastError;
  if (!error) return undefined;
  const queue = stats.queueDepth > 0 ? ` ${pagesWaiting(stats.queueDepth)}` : '';
  const sentence = error.charAt(0).toUpperCase() + error.slice(1).replace(/\.?$/, '.');
  return { tone: 'error', text: `${sentence}${queue}` };
}
