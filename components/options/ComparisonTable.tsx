/**
 * Stored model comparisons (issue 28), newest first, each with its date and a table: per model, success (the
 * task's check, run by the extension), steps, tool calls, tokens in and out, cost ("—" when the price is unknown)
 * and time, and a link that opens the run's conversation in the panel (one click; an approval the run waits for is
 * on its card there). Stop while one runs; Delete for each.
 */
import type { Comparison, ComparisonRun } from '../../lib/core/eval-comparison';
import { formatInteger } from '../../lib/util/format-integer';
import { formatUsd } from '../ui/describe-usage';
import { t } from '../ui/t';
import { uiLocale } from '../ui/ui-locale';
import type { CompareModelsState } from './compare-models-state';

const DASH = '—';

/** The panel's page, showing one conversation (chat-state.ts reads the address's `#conversation=`). */
export const conversationLink = (conversationId: string) =>
  `${chrome.runtime.getURL('/sidepanel.html')}#conversation=${encodeURIComponent(conversationId)}`;

function successOf(c: Comparison, r: ComparisonRun): string {
  switch (r.state) {
    case 'pending':
      return t('eval_state_pending');
    case 'running':
      return t('eval_state_running');
    case 'cancelled':
      return t('eval_state_cancelled');
    case 'stopped':
      return t('eval_state_stopped');
    case 'error':
      return t('eval_state_error');
    case 'done':
      if (r.passed === undefined) return c.check ? t('eval_state_failed') : DASH;
      return t(r.passed ? 'eval_state_passed' : 'eval_state_failed');
  }
}

const figure = (n: number | undefined) => (n === undefined ? DASH : formatInteger(n));
const seconds = (r: ComparisonRun) =>
  r.startedAt !== undefined && r.endedAt !== undefined
    ? t('eval_seconds', ((r.endedAt - r.startedAt) / 1000).toLocaleString(uiLocale(), { maximumFractionDigits: 1 }))
    : DASH;

/** Opens a run's conversation where the table is (the panel); without it, the link opens the panel's page. */
type OpenConversation = (conversationId: string) => void;

function RunRow({
  comparison,
  run,
  onOpen,
}: {
  comparison: Comparison;
  run: ComparisonRun;
  onOpen?: OpenConversation;
}) {
  const tokens =
    run.inputTokens === undefined ? DASH : t('eval_tokens', figure(run.inputTokens), figure(run.outputTokens));
  return (
    <tr data-model={run.model.modelId} data-state={run.state}>
      <th scope="row">{run.label}</th>
      <td data-col="success" title={run.detail}>
        {successOf(comparison, run)}
        {run.detail && <small class="item-detail">{run.detail}</small>}
      </td>
      <td data-col="steps">{figure(run.steps)}</td>
      <td data-col="tools">{figure(run.toolCalls)}</td>
      <td data-col="tokens">{tokens}</td>
      <td data-col="cost">{run.costUsd === undefined ? DASH : formatUsd(run.costUsd)}</td>
      <td data-col="time">{seconds(run)}</td>
      <td>
        {run.conversationId ? (
          <a
            href={conversationLink(run.conversationId)}
            target="_blank"
            rel="noopener"
            onClick={(e) => {
              if (!onOpen) return;
              e.preventDefault();
              onOpen(run.conversationId!);
            }}
          >
            {t('eval_open_conversation', run.label)}
          </a>
        ) : (
          DASH
        )}
      </td>
    </tr>
  );
}

function ComparisonItem({
  comparison: c,
  state,
  onOpen,
}: {
  comparison: Comparison;
  state: CompareModelsState;
  onOpen?: OpenConversation;
}) {
  const when = new Date(c.createdAt).toLocaleString(uiLocale());
  const title = t('eval_comparison_title', c.taskName, when);
  return (
    <li data-comparison={c.id} data-status={c.status}>
      <table class="comparison-table" aria-label={title}>
        <caption>
          {title}
          {c.status === 'running' && <span> · {t('eval_status_running')}</span>}
          {c.status === 'stopped' && <span> · {t('eval_status_stopped')}</span>}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('eval_col_model')}</th>
            <th scope="col">{t('eval_col_success')}</th>
            <th scope="col">{t('eval_col_steps')}</th>
            <th scope="col">{t('eval_col_tools')}</th>
            <th scope="col">{t('eval_col_tokens')}</th>
            <th scope="col">{t('eval_col_cost')}</th>
            <th scope="col">{t('eval_col_time')}</th>
            <th scope="col">{t('eval_col_conversation')}</th>
          </tr>
        </thead>
        <tbody>
          {c.runs.map((r) => (
            <RunRow
              key={JSON.stringify([r.model.providerId, r.model.modelId])}
              comparison={c}
              run={r}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
      {c.status === 'running' && (
        <button type="button" onClick={() => void state.stop(c.id)}>
          {t('eval_stop')}
        </button>
      )}
      <button type="button" aria-label={t('eval_delete_named', title)} onClick={() => void state.remove(c.id)}>
        {t('common_delete')}
      </button>
    </li>
  );
}

export function ComparisonTable({ state, onOpen }: { state: CompareModelsState; onOpen?: OpenConversation }) {
  const { comparisons, skipped } = state.list.value;
  return (
    <section class="comparisons" aria-label={t('eval_comparisons_title')}>
      <h3>{t('eval_comparisons_title')}</h3>
      {skipped > 0 && <p role="note">{t('eval_skipped', formatInteger(skipped))}</p>}
      {comparisons.length === 0 ? (
        <p>{t('eval_comparisons_empty')}</p>
      ) : (
        <ul class="item-list">
          {comparisons.map((c) => (
            <ComparisonItem key={c.id} comparison={c} state={state} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}
