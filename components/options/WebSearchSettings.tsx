import { useEffect, useMemo } from 'preact/hooks';
import { Field } from './Field';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { formatCount, formatMs } from './format-figures';
import { createWebSearchState, type WebSearchChoice, type WebSearchTestResult } from './web-search-state';
import { t, type MessageKey } from '../ui/t';

const LABELS: Record<WebSearchChoice, MessageKey> = {
  none: 'web_search_off',
  searxng: 'web_search_searxng',
  brave: 'web_search_brave',
  tavily: 'web_search_tavily',
};

/** Settings → Web search: which service web_search asks (a SearXNG address, or a Brave Search or Tavily key). */
export function WebSearchSettings() {
  const state = useMemo(createWebSearchState, []);
  useEffect(() => void state.load(), [state]);
  const backend = state.backend.value;
  const keyed = backend === 'brave' || backend === 'tavily';
  const keySaved = state.hasKey.value && state.savedBackend.value === backend;
  return (
    <SettingsSection id="web" description={t('web_search_description')}>
      <SectionStatus message={state.message.value} error={state.error.value} />
      <form
        class="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void state.save(backend === 'none' ? t('web_search_is_off') : t('web_search_uses', t(LABELS[backend])));
        }}
      >
        <fieldset class="load-gate" disabled={!state.loaded.value}>
          <Field label={t('web_search_with')} hint={t('web_search_with_hint')}>
            <select
              value={backend}
              onChange={(e) => (state.backend.value = (e.target as HTMLSelectElement).value as WebSearchChoice)}
            >
              {(Object.keys(LABELS) as WebSearchChoice[]).map((k) => (
                <option key={k} value={k}>
                  {t(LABELS[k])}
                </option>
              ))}
            </select>
          </Field>
          {backend === 'searxng' && (
            <Field label={t('web_search_instance')} hint={t('web_search_instance_hint')}>
              <input
                type="url"
                required
                placeholder="https://searx.example.org"
                value={state.url.value}
                onInput={(e) => (state.url.value = (e.target as HTMLInputElement).value)}
              />
            </Field>
          )}
          {keyed && (
            <Field label={t('provider_api_key')} hint={keySaved ? t('web_search_key_saved') : t('web_search_key_hint')}>
              <input
                type="password"
                autocomplete="off"
                required={!keySaved}
                placeholder={keySaved ? '••••••••' : ''}
                value={state.apiKey.value}
                onInput={(e) => (state.apiKey.value = (e.target as HTMLInputElement).value)}
              />
            </Field>
          )}
          {keyed && (
            <Field label={t('web_search_api_address')} hint={t('web_search_api_address_hint')}>
              <input
                type="url"
                value={state.url.value}
                onInput={(e) => (state.url.value = (e.target as HTMLInputElement).value)}
              />
            </Field>
          )}
          <div class="form-actions">
            <button type="submit" class="primary" disabled={state.busy.value}>
              {t('web_search_save')}
            </button>
            <button
              type="button"
              disabled={backend === 'none' || state.testing.value}
              onClick={() => void state.test()}
            >
              {state.testing.value ? t('web_search_testing') : t('web_search_test')}
            </button>
          </div>
        </fieldset>
      </form>
      <TestResult result={state.testResult.value} />
      <p class="field-hint">{t('web_search_fetch_note')}</p>
    </SettingsSection>
  );
}

/** "Test connection"'s answer: how many results in how long, or why the search failed. */
function TestResult({ result }: { result: WebSearchTestResult | null }) {
  if (!result) return null;
  return (
    <p role="status" aria-label={t('web_search_test')} class={`section-status ${result.ok ? 'test-ok' : 'test-error'}`}>
      {result.ok
        ? t('web_search_test_works', formatCount(result.results, 'result'), formatMs(result.ms))
        : result.message}
    </p>
  );
}
