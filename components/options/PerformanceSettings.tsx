import { useEffect, useMemo } from 'preact/hooks';
import type { LatencyStats } from '../../lib/agent/compute-latency-stats';
import type { SearchTraceSummary } from '../../lib/background/summarize-search-traces';
import { formatAgo, formatCount, formatMs, formatPercent } from './format-figures';
import { createPerformanceState } from './performance-state';
import { SettingsSection } from './SettingsSection';
import { Sparkline } from './Sparkline';

const tokens = (n: number) => formatCount(n, 'token');

function CacheLine({ cache }: { cache: LatencyStats['cache'] }) {
  if (cache.steps === 0) return <span>No token usage reported yet.</span>;
  if (cache.cachedTokens === 0) return <span>No prompt tokens served from the cache yet ({tokens(cache.inputTokens)} sent).</span>;
  return (
    <span>
      {formatPercent(cache.cachedTokens / cache.inputTokens)} of prompt tokens from the cache: {tokens(cache.cachedTokens)} of {tokens(cache.inputTokens)} not processed again
    </span>
  );
}

function ModelCards({ stats }: { stats: LatencyStats }) {
  return (
    <div class="figure-grid" aria-label="Models">
      {Object.entries(stats.models).map(([name, m]) => (
        <article key={name} class="figure-card" data-model={name} aria-label={name}>
          <h3>{name}</h3>
          <p class="figure-line">{formatCount(m.model.count, 'response')}</p>
          <dl>
            <dt>First token</dt>
            <dd>
              <span>
                <span class="figure" data-figure="ttft-p50">{formatMs(m.ttft.p50)}</span> typical, {formatMs(m.ttft.p95)} p95
              </span>
              <Sparkline buckets={m.ttftOverTime} label={`${name} time to first token`} format={formatMs} />
            </dd>
            <dt>Whole response</dt>
            <dd>
              <span>
                <span class="figure" data-figure="response-p50">{formatMs(m.model.p50)}</span> typical, {formatMs(m.model.p95)} p95
              </span>
              <Sparkline buckets={m.modelOverTime} label={`${name} response time`} format={formatMs} />
            </dd>
            <dt>Prompt cache</dt>
            <dd>
              <CacheLine cache={m.cache} />
            </dd>
          </dl>
        </article>
      ))}
    </div>
  );
}

function ToolCards({ stats }: { stats: LatencyStats }) {
  const tools = Object.entries(stats.tools);
  if (tools.length === 0) return <p class="hint">No tool has been used yet.</p>;
  return (
    <div class="figure-grid" aria-label="Tools">
      {tools.map(([name, t]) => (
        <article key={name} class="figure-card" data-tool={name} aria-label={name}>
          <h3>{name}</h3>
          <p class="figure-line">
            {formatCount(t.duration.count, 'call')} ran
            {t.failed > 0 && <span class="figure-bad"> · {t.failed} failed ({formatPercent(t.errorRate)})</span>}
            {t.denied > 0 && <span> · {t.denied} denied by you</span>}
            {t.stopped > 0 && <span> · {t.stopped} stopped</span>}
          </p>
          {t.duration.count > 0 && (
            <>
              <p class="figure-line">
                <span class="figure" data-figure="tool-p50">{formatMs(t.duration.p50)}</span> typical, {formatMs(t.duration.p95)} p95
              </p>
              <Sparkline buckets={t.overTime} label={`${name} duration`} format={formatMs} />
            </>
          )}
        </article>
      ))}
    </div>
  );
}

function FiguresTable({ stats }: { stats: LatencyStats }) {
  return (
    <details class="figures-table">
      <summary>All figures as a table</summary>
      <table class="stats">
        <thead>
          <tr>
            <th scope="col">Model or tool</th>
            <th scope="col">Measure</th>
            <th scope="col">Count</th>
            <th scope="col">p50</th>
            <th scope="col">p95</th>
            <th scope="col">p99</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(stats.models).flatMap(([name, m]) =>
            ([['First token', m.ttft], ['Whole response', m.model], ['Step with tools', m.step]] as const).map(([what, p]) => (
              <tr key={`${name}-${what}`}>
                <td>{name}</td>
                <td>{what}</td>
                <td>{p.count}</td>
                <td>{formatMs(p.p50)}</td>
                <td>{formatMs(p.p95)}</td>
                <td>{formatMs(p.p99)}</td>
              </tr>
            )),
          )}
          {Object.entries(stats.tools).map(([name, t]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>
                Duration ({t.failed} failed, {t.denied} denied)
              </td>
              <td>{t.duration.count}</td>
              <td>{formatMs(t.duration.p50)}</td>
              <td>{formatMs(t.duration.p95)}</td>
              <td>{formatMs(t.duration.p99)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Searches({ summary, now }: { summary: SearchTraceSummary; now: number }) {
  if (summary.count === 0) return <p class="hint">No history search yet. Searches run when the assistant looks through what you read, or when answers use it.</p>;
  return (
    <>
      <p class="figure-line" aria-label="History search figures">
        {formatCount(summary.count, 'search', 'searches')} · {formatPercent(summary.emptyShare)} found nothing ({summary.empty}) · embedding the query {formatMs(summary.embedMs.p50)} typical · searching{' '}
        {formatMs(summary.searchMs.p50)} typical, {formatMs(summary.searchMs.p95)} p95
      </p>
      <details class="figures-table">
        <summary>The last {formatCount(summary.recent.length, 'search', 'searches')} (queries as hashes, never their text)</summary>
        <table class="stats" aria-label="History searches">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Query (hash)</th>
              <th scope="col">Embedding</th>
              <th scope="col">Search</th>
              <th scope="col">Results</th>
            </tr>
          </thead>
          <tbody>
            {summary.recent.map((t, i) => (
              <tr key={`${t.at}-${i}`}>
                <td>{formatAgo(t.at, now)}</td>
                <td>
                  <code>{t.queryHash}</code>
                </td>
                <td>{t.mode === 'hybrid' ? formatMs(t.embedMs) : 'words only'}</td>
                <td>{formatMs(t.searchMs)}</td>
                <td>{t.hits === 0 ? 'nothing found' : t.hits}</td>
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
  const searches = state.searches.value;
  const measured = stats && Object.keys(stats.models).length > 0;
  return (
    <SettingsSection id="performance" description="Measured on this device from your last 500 model calls. Typical is the median; p95 and p99 are the slow and slowest calls. Updated while you watch.">
      {state.error.value && (
        <p role="alert" class="section-status test-error">
          {state.error.value}
        </p>
      )}
      {stats && !measured && <p class="hint">No requests measured yet. Figures appear after your first answer.</p>}
      {stats && measured && (
        <>
          <div class="cache-summary">
            <p class="figure-line" aria-label="Prompt cache">
              <strong>Prompt cache:</strong> <CacheLine cache={stats.cache} />
            </p>
            <Sparkline buckets={stats.cacheOverTime} label="Share of prompt tokens from the cache" format={formatPercent} share />
          </div>
          {stats.until !== undefined && <p class="hint">Last measured {formatAgo(stats.until, state.fetchedAt.value)}.</p>}
          <h3 class="subheading">Models</h3>
          <ModelCards stats={stats} />
          <h3 class="subheading">Tools</h3>
          <ToolCards stats={stats} />
          <FiguresTable stats={stats} />
        </>
      )}
      <h3 class="subheading">History search</h3>
      {searches && <Searches summary={searches} now={state.fetchedAt.value} />}
    </SettingsSection>
  );
}
