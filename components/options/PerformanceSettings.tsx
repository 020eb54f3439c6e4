import type { ComponentChild } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
import type { LatencyStats } from '../../lib/agent/compute-latency-stats';
import type { ProviderView } from '../../lib/core/provider-record';
import type { SearchTraceSummary } from '../../lib/background/summarize-search-traces';
import { formatAgo, formatCount, formatMs, formatPercent } from './format-figures';
import { createPerformanceState } from './performance-state';
import { nameModelFigures, nameToolFigures, type FigureName } from './performance-labels';
import { SettingsSection } from './SettingsSection';
import { Sparkline } from './Sparkline';
import { fillSlots } from '../ui/fill-slots';
import { t } from '../ui/t';

const tokens = (n: number) => formatCount(n, 'token');

/** "340 ms typical, 900 ms p95" with the typical figure as its own element (tests and the eye find it). */
const typicalAndP95 = (typical: ComponentChild, p95: string) => fillSlots('perf_typical_p95', typical, p95);

type Providers = readonly Pick<ProviderView, 'id' | 'name'>[];

/** A card's heading: the friendly name, and under it the raw one the records use (for debugging). */
function FigureHeading({ name }: { name: FigureName }) {
  return (
    <>
      <h3>{name.label}</h3>
      {name.raw !== name.label && (
        <p class="raw-name">
          <code>{name.raw}</code>
        </p>
      )}
    </>
  );
}

function CacheLine({ cache }: { cache: LatencyStats['cache'] }) {
  if (cache.steps === 0) return <span>{t('perf_no_usage')}</span>;
  if (cache.cachedTokens === 0) return <span>{t('perf_no_cache', tokens(cache.inputTokens))}</span>;
  return (
    <span>
      {t(
        'perf_cache_line',
        formatPercent(cache.cachedTokens / cache.inputTokens),
        tokens(cache.cachedTokens),
        tokens(cache.inputTokens),
      )}
    </span>
  );
}

function ModelCards({ stats, providers }: { stats: LatencyStats; providers: Providers }) {
  return (
    <div class="figure-grid" aria-label={t('perf_models')}>
      {Object.entries(stats.models).map(([key, m]) => {
        const named = nameModelFigures(m, providers);
        const name = named.label;
        return (
          <article key={key} class="figure-card" data-model={key} aria-label={name}>
            <FigureHeading name={named} />
            <p class="figure-line">{formatCount(m.model.count, 'response')}</p>
            <dl>
              <dt>{t('perf_first_token')}</dt>
              <dd>
                <span>
                  {typicalAndP95(
                    <span class="figure" data-figure="ttft-p50">
                      {formatMs(m.ttft.p50)}
                    </span>,
                    formatMs(m.ttft.p95),
                  )}
                </span>
                <Sparkline buckets={m.ttftOverTime} label={t('perf_ttft_label', name)} format={formatMs} />
              </dd>
              <dt>{t('perf_whole_response')}</dt>
              <dd>
                <span>
                  {typicalAndP95(
                    <span class="figure" data-figure="response-p50">
                      {formatMs(m.model.p50)}
                    </span>,
                    formatMs(m.model.p95),
                  )}
                </span>
                <Sparkline buckets={m.modelOverTime} label={t('perf_response_label', name)} format={formatMs} />
              </dd>
              <dt>{t('perf_prompt_cache')}</dt>
              <dd>
                <CacheLine cache={m.cache} />
              </dd>
            </dl>
          </article>
        );
      })}
    </div>
  );
}

function ToolCards({ stats }: { stats: LatencyStats }) {
  const tools = Object.entries(stats.tools);
  if (tools.length === 0) return <p class="hint">{t('perf_no_tool')}</p>;
  return (
    <div class="figure-grid" aria-label={t('perf_tools')}>
      {tools.map(([toolName, tool]) => {
        const named = nameToolFigures(toolName);
        const name = named.label;
        return (
          <article key={toolName} class="figure-card" data-tool={toolName} aria-label={name}>
            <FigureHeading name={named} />
            <p class="figure-line">
              {t('perf_calls_ran', formatCount(tool.duration.count, 'call'))}
              {tool.failed > 0 && (
                <span class="figure-bad"> {t('perf_failed', tool.failed, formatPercent(tool.errorRate))}</span>
              )}
              {tool.denied > 0 && <span> {t('perf_denied', tool.denied)}</span>}
              {tool.stopped > 0 && <span> {t('perf_stopped', tool.stopped)}</span>}
            </p>
            {tool.duration.count > 0 && (
              <>
                <p class="figure-line">
                  {typicalAndP95(
                    <span class="figure" data-figure="tool-p50">
                      {formatMs(tool.duration.p50)}
                    </span>,
                    formatMs(tool.duration.p95),
                  )}
                </p>
                <Sparkline buckets={tool.overTime} label={t('perf_duration_label', name)} format={formatMs} />
              </>
            )}
          </article>
        );
      })}
    </div>
  );
}

/** A row's first cell: the friendly name, the raw one in its tooltip. */
const NameCell = ({ name }: { name: FigureName }) => <td title={name.raw}>{name.label}</td>;

function FiguresTable({ stats, providers }: { stats: LatencyStats; providers: Providers }) {
  return (
    <details class="figures-table">
      <summary>{t('perf_table_summary')}</summary>
      <table class="stats">
        <thead>
          <tr>
            <th scope="col">{t('perf_col_model_tool')}</th>
            <th scope="col">{t('perf_col_measure')}</th>
            <th scope="col">{t('perf_col_count')}</th>
            <th scope="col">p50</th>
            <th scope="col">p95</th>
            <th scope="col">p99</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(stats.models).flatMap(([key, m]) =>
            (
              [
                [t('perf_first_token'), m.ttft],
                [t('perf_whole_response'), m.model],
                [t('perf_step_with_tools'), m.step],
              ] as const
            ).map(([what, p]) => (
              <tr key={`${key}-${what}`}>
                <NameCell name={nameModelFigures(m, providers)} />
                <td>{what}</td>
                <td>{p.count}</td>
                <td>{formatMs(p.p50)}</td>
                <td>{formatMs(p.p95)}</td>
                <td>{formatMs(p.p99)}</td>
              </tr>
            )),
          )}
          {Object.entries(stats.tools).map(([name, tool]) => (
            <tr key={name}>
              <NameCell name={nameToolFigures(name)} />
              <td>{t('perf_duration_row', tool.failed, tool.denied)}</td>
              <td>{tool.duration.count}</td>
              <td>{formatMs(tool.duration.p50)}</td>
              <td>{formatMs(tool.duration.p95)}</td>
              <td>{formatMs(tool.duration.p99)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Searches({ summary, now }: { summary: SearchTraceSummary; now: number }) {
  if (summary.count === 0) return <p class="hint">{t('perf_no_search')}</p>;
  return (
    <>
      <p class="figure-line" aria-label={t('perf_search_figures')}>
        {t(
          'perf_search_line',
          formatCount(summary.count, 'search'),
          formatPercent(summary.emptyShare),
          summary.empty,
          formatMs(summary.embedMs.p50),
          formatMs(summary.searchMs.p50),
          formatMs(summary.searchMs.p95),
        )}
      </p>
      <details class="figures-table">
        <summary>{t('perf_last_searches', formatCount(summary.recent.length, 'search'))}</summary>
        <table class="stats" aria-label={t('perf_searches_label')}>
          <thead>
            <tr>
              <th scope="col">{t('perf_col_when')}</th>
              <th scope="col">{t('perf_col_query')}</th>
              <th scope="col">{t('perf_col_embedding')}</th>
              <th scope="col">{t('perf_col_search')}</th>
              <th scope="col">{t('perf_col_results')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.recent.map((trace, i) => (
              <tr key={`${trace.at}-${i}`}>
                <td>{formatAgo(trace.at, now)}</td>
                <td>
                  <code>{trace.queryHash}</code>
                </td>
                <td>{trace.mode === 'hybrid' ? formatMs(trace.embedMs) : t('perf_words_only')}</td>
                <td>{formatMs(trace.searchMs)}</td>
                <td>{trace.hits === 0 ? t('perf_nothing_found') : trace.hits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

/** How fast answers and tools are, how much the prompt cache saves, and how history search performs, updated live. */
export function PerformanceSettings() {
  const state = useMemo(() => createPerformanceState(), []);
  useEffect(() => state.follow(), [state]);
  const stats = state.stats.value;
  const providers = state.providers.value;
  const searches = state.searches.value;
  const measured = stats && Object.keys(stats.models).length > 0;
  return (
    <SettingsSection id="performance" description={t('perf_description')}>
      {state.error.value && (
        <p role="alert" class="section-status test-error">
          {state.error.value}
        </p>
      )}
      {stats && !measured && <p class="hint">{t('perf_none_measured')}</p>}
      {stats && measured && (
        <>
          <div class="cache-summary">
            <p class="figure-line" aria-label={t('perf_prompt_cache')}>
              <strong>{t('perf_prompt_cache_colon')}</strong> <CacheLine cache={stats.cache} />
            </p>
            <Sparkline buckets={stats.cacheOverTime} label={t('perf_cache_share')} format={formatPercent} share />
          </div>
          {stats.until !== undefined && (
            <p class="hint">{t('perf_last_measured', formatAgo(stats.until, state.fetchedAt.value))}</p>
          )}
          <h3 class="subheading">{t('perf_models')}</h3>
          <ModelCards stats={stats} providers={providers} />
          <h3 class="subheading">{t('perf_tools')}</h3>
          <ToolCards stats={stats} />
          <FiguresTable stats={stats} providers={providers} />
        </>
      )}
      <h3 class="subheading">{t('perf_history_search')}</h3>
      {searches && <Searches summary={searches} now={state.fetchedAt.value} />}
    </SettingsSection>
  );
}
