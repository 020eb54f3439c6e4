import type { IngestStats } from '../../lib/retrieval/ingest-stats';
import { formatAgo, formatBytes, formatCount, formatNumber } from './format-figures';
import { t } from '../ui/t';

const modelState = {
  ready: 'index_model_loaded',
  idle: 'index_model_not_loaded',
  loading: 'index_model_loading',
  failed: 'index_model_failed',
} as const;

/** Why the model runs on WebAssembly, as the engine reports it (EngineStats.embedBackendReason). */
const wasmReason = {
  'no-webgpu': 'index_backend_no_webgpu',
  'no-adapter': 'index_backend_no_adapter',
  'software-adapter': 'index_backend_software_adapter',
  'webgpu-failed': 'index_backend_webgpu_failed',
  'webgpu-differs': 'index_backend_webgpu_differs',
  asked: 'index_backend_asked',
} as const;

/** The history index in words ("1,204 pages remembered, 38 MB · last indexed 2 minutes ago"), with what is happening now. */
export function IndexFigures({ stats: st, onRefresh }: { stats: IngestStats; onRefresh: () => void }) {
  return (
    <div class="index-figures" aria-label={t('index_stats_label')} role="status">
      <p class="figure-line">
        <strong>
          {st.bytes > 0
            ? t('index_remembered_size', formatCount(st.pages, 'page'), formatBytes(st.bytes))
            : t('index_remembered', formatCount(st.pages, 'page'))}
        </strong>{' '}
        · {formatCount(st.chunks, 'passage')} ·{' '}
        {st.lastIndexedAt ? t('index_last_indexed', formatAgo(st.lastIndexedAt, Date.now())) : t('index_nothing_yet')}{' '}
        <button type="button" class="link" onClick={onRefresh}>
          {t('common_refresh')}
        </button>
      </p>
      <p class="figure-line hint">
        {st.queueDepth > 0
          ? t('index_waiting', formatCount(st.queueDepth, 'page'), formatNumber(st.queueLimit))
          : t('index_none_waiting')}{' '}
        · {t('index_model_line', st.modelId, t(modelState[st.model]))}
      </p>
      {st.model === 'ready' && st.embedBackend && (
        <p class="figure-line hint" title={st.embedBackendDetail}>
          {st.embedBackend === 'webgpu'
            ? t('index_backend_webgpu')
            : t('index_backend_wasm', t(wasmReason[st.embedBackendReason ?? 'no-webgpu']))}
        </p>
      )}
      {st.reembed && (
        <p class="figure-line">
          <strong>
            {t('index_reembedding', formatNumber(st.reembed.done), formatCount(st.reembed.total, 'page'))}
          </strong>
        </p>
      )}
      {st.refused > 0 && <p class="figure-line test-error">{t('index_refused', formatCount(st.refused, 'page'))}</p>}
      {st.indexReset && <p class="figure-line test-error">{st.indexReset}</p>}
      {st.tokenCounting === 'estimate' && <p class="figure-line">{t('index_estimated', st.tokenCountingNote ?? '')}</p>}
    </div>
  );
}
