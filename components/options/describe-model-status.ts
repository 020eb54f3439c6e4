/** The embedding model's state as one sentence for the settings page: downloading, loading, or why it failed. */
import type { IngestStats } from '../../lib/retrieval/ingest-stats';

export interface ModelStatusLine {
  tone: 'progress' | 'error';
  text: string;
}

const megabytes = (n: number) => `${(n / 1024 ** 2).toFixed(1)} MB`;
/** `Xenova/all-MiniLM-L6-v2@q8` → `Xenova/all-MiniLM-L6-v2` (the precision is the settings' business). */
const modelName = (modelId: string) => modelId.replace(/@[^@/]*$/, '');
const pagesWaiting = (n: number) => (n === 1 ? '1 page waits' : `${n} pages wait`);

/** Undefined when there is nothing to say (the model is idle or ready and nothing failed). */
export function describeModelStatus(stats: Pick<IngestStats, 'model' | 'modelId' | 'modelProgress' | 'modelError' | 'lastError' | 'queueDepth'>): ModelStatusLine | undefined {
  const name = modelName(stats.modelId);
  if (stats.model === 'loading') {
    const p = stats.modelProgress;
    if (p?.phase !== 'downloading') return { tone: 'progress', text: `Loading the embedding model ${name}…` };
    const from = p.host ? ` from ${p.host}` : '';
    const amount = p.total > 0 ? `${megabytes(p.loaded)} of ${megabytes(p.total)} (${Math.floor((100 * Math.min(p.loaded, p.total)) / p.total)}%)` : megabytes(p.loaded);
    return { tone: 'progress', text: `Downloading the embedding model ${name}${from}: ${amount}. Only this once: the browser keeps it.` };
  }
  const error = stats.model === 'failed' ? (stats.modelError ?? stats.lastError) : stats.lastError;
  if (!error) return undefined;
  const queue = stats.queueDepth > 0 ? ` ${pagesWaiting(stats.queueDepth)} in the queue and nothing is lost: Tabwise tries again every 30 seconds.` : '';
  const sentence = error.charAt(0).toUpperCase() + error.slice(1).replace(/\.?$/, '.');
  return { tone: 'error', text: `${sentence}${queue}` };
}
