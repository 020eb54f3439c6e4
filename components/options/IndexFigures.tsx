import type { IngestStats } from '../../lib/retrieval/ingest-stats';
import { formatAgo, formatBytes, formatCount } from './format-figures';

/** The history index in words ("1,204 pages remembered, 38 MB · last indexed 2 minutes ago"), with what is happening now. */
export function IndexFigures({ stats: st, onRefresh }: { stats: IngestStats; onRefresh: () => void }) {
  return (
    <div class="index-figures" aria-label="Index stats" role="status">
      <p class="figure-line">
        <strong>
          {formatCount(st.pages, 'page')} remembered{st.bytes > 0 ? `, ${formatBytes(st.bytes)}` : ''}
        </strong>{' '}
        · {formatCount(st.chunks, 'passage')} · {st.lastIndexedAt ? `last indexed ${formatAgo(st.lastIndexedAt, Date.now())}` : 'nothing indexed yet'}{' '}
        <button type="button" class="link" onClick={onRefresh}>
          Refresh
        </button>
      </p>
      <p class="figure-line hint">
        {st.queueDepth > 0 ? `${formatCount(st.queueDepth, 'page')} waiting to be indexed (room for ${st.queueLimit.toLocaleString('en-US')})` : 'No pages waiting'} · embedding model{' '}
        {st.modelId} ({st.model === 'ready' ? 'loaded' : st.model === 'idle' ? 'not loaded yet' : st.model})
      </p>
      {st.reembed && (
        <p class="figure-line">
          <strong>
            Re-embedding with the new model: {st.reembed.done.toLocaleString('en-US')} of {formatCount(st.reembed.total, 'page')} (search uses the previous index meanwhile)
          </strong>
        </p>
      )}
      {st.refused > 0 && <p class="figure-line test-error">{formatCount(st.refused, 'page')} refused because the queue was full.</p>}
      {st.indexReset && <p class="figure-line test-error">{st.indexReset}</p>}
      {st.tokenCounting === 'estimate' && <p class="figure-line">Passage sizes are estimated: the model's tokenizer did not load ({st.tokenCountingNote}).</p>}
    </div>
  );
}
