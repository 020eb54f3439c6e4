/** "Remember what I read": opt-in explanation, pause, privacy lists, the index browser and its stats. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { parseSiteEntry } from '../../lib/retrieval/site-entry';
import { describeModelStatus } from './describe-model-status';
import { EmbeddingModelSetting } from './EmbeddingModelSetting';
import { formatAgo, formatCount, formatNumber } from './format-figures';
import { fillSlots } from '../ui/fill-slots';
import { uiLocale } from '../ui/ui-locale';
import { IndexFigures } from './IndexFigures';
import { SettingsSection } from './SettingsSection';
import { createIndexSettingsState, parseList, type IndexSettingsState } from './index-settings-state';
import { t } from '../ui/t';
import { ManagedBadge } from './ManagedBadge';
import { followPolicy } from './policy-state';

const formatTime = (ms: number) => new Date(ms).toLocaleString(uiLocale());

function Explanation({ state }: { state: IndexSettingsState }) {
  return (
    <div class="onboarding" aria-label={t('index_about_label')}>
      <p>{t('index_intro')}</p>
      <ul>
        <li>{t('index_point_visible')}</li>
        <li>{t('index_point_local')}</li>
        <li>{t('index_point_never')}</li>
        <li>{t('index_point_forget')}</li>
        <li>{t('index_point_model')}</li>
      </ul>
      {/* Forced off by the organisation: the switch stays, disabled, with who set it. */}
      <button
        type="button"
        class="primary"
        disabled={state.settings.value?.forced?.off}
        onClick={() => void state.setEnabled(true)}
      >
        {t('index_turn_on')}
      </button>
      {state.settings.value?.forced?.off && (
        <p>
          {t('policy_remembering_off')} <ManagedBadge />
        </p>
      )}
    </div>
  );
}

function PrivacyLists({ state }: { state: IndexSettingsState }) {
  const s = state.settings.value!;
  const [denied, setDenied] = useState([...s.deniedDomains, ...s.deniedPatterns].join('\n'));
  const [allowed, setAllowed] = useState([...s.allowedDomains, ...s.allowedPatterns].join('\n'));
  // A line with '*', '/' or ':' is a URL pattern; a bare host name is a domain (its subdomains included).
  const [invalid, setInvalid] = useState<string[]>([]);
  const split = (text: string) => {
    const entries = parseList(text).map(parseSiteEntry);
    return {
      domains: entries.flatMap((e) => ('domain' in e ? [e.domain] : [])),
      patterns: entries.flatMap((e) => ('pattern' in e ? [e.pattern] : [])),
      invalid: entries.flatMap((e) => ('invalid' in e ? [`"${e.invalid}": ${e.reason}`] : [])),
    };
  };
  const forced = s.forced;
  return (
    <fieldset>
      <legend>{t('index_which_sites')}</legend>
      {forced?.deniedDomains.length ? (
        <p data-policy="rememberDeniedDomains">
          {t('policy_remember_denied_list', forced.deniedDomains.join(', '))} <ManagedBadge />
        </p>
      ) : null}
      {forced?.allowedDomains && (
        <p data-policy="rememberAllowedDomains">
          {t('policy_remember_allowed_list', forced.allowedDomains.join(', ') || t('policy_none'))} <ManagedBadge />
        </p>
      )}
      <label>
        <input
          type="radio"
          name="index-mode"
          checked={s.mode === 'denylist'}
          onChange={() => void state.update({ mode: 'denylist' })}
        />{' '}
        {t('index_all_except')}
      </label>
      <label>
        <input
          type="radio"
          name="index-mode"
          checked={s.mode === 'allowlist'}
          onChange={() => void state.update({ mode: 'allowlist' })}
        />{' '}
        {t('index_only_listed')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={s.useDefaultDenylist}
          onChange={(e) => void state.update({ useDefaultDenylist: e.currentTarget.checked })}
        />{' '}
        {t('index_builtin_exclusions')}
      </label>
      <label>
        {fillSlots('index_never_remember', <code>example.com</code>, <code>*/private/*</code>)}
        <textarea
          aria-label={t('index_excluded_sites')}
          rows={3}
          value={denied}
          onInput={(e) => setDenied(e.currentTarget.value)}
        />
      </label>
      {s.mode === 'allowlist' && (
        <label>
          {t('index_only_remember')}
          <textarea
            aria-label={t('index_allowed_sites')}
            rows={3}
            value={allowed}
            onInput={(e) => setAllowed(e.currentTarget.value)}
          />
        </label>
      )}
      <button
        type="button"
        onClick={() => {
          const d = split(denied);
          const a = split(allowed);
          setInvalid([...d.invalid, ...a.invalid]);
          if (d.invalid.length || a.invalid.length) return;
          // Show the lists as they are stored: normalised, one entry a line.
          setDenied([...d.domains, ...d.patterns].join('\n'));
          setAllowed([...a.domains, ...a.patterns].join('\n'));
          void state.update({
            deniedDomains: d.domains,
            deniedPatterns: d.patterns,
            allowedDomains: a.domains,
            allowedPatterns: a.patterns,
          });
        }}
      >
        {t('index_save_sites')}
      </button>
      {invalid.length > 0 && (
        <p class="test-error" role="alert">
          {t('index_not_sites', invalid.join('; '))}
        </p>
      )}
    </fieldset>
  );
}

/** The model downloading (with progress), loading, or why it failed, with a way to try again now. */
function ModelStatus({ state }: { state: IndexSettingsState }) {
  const st = state.stats.value;
  const line = st && describeModelStatus(st);
  if (!line) return null;
  if (line.tone === 'progress') {
    const p = st.modelProgress;
    return (
      <p role="status" aria-label={t('index_embedding_model')} class="model-status">
        {line.text}
        {p?.phase === 'downloading' && p.total > 0 && <progress max={p.total} value={Math.min(p.loaded, p.total)} />}
      </p>
    );
  }
  return (
    <p role="alert" aria-label={t('index_embedding_model')} class="model-status error">
      {line.text}{' '}
      <button type="button" onClick={() => void state.retry()}>
        {t('common_try_again')}
      </button>
    </p>
  );
}

function Browser({ state }: { state: IndexSettingsState }) {
  const [domain, setDomain] = useState('');
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const st = state.stats.value;
  return (
    <>
      <ModelStatus state={state} />
      {st && <IndexFigures stats={st} onRefresh={() => void state.refresh()} />}
      <input
        type="search"
        aria-label={t('index_search_label')}
        placeholder={t('index_search_placeholder')}
        value={state.query.value}
        onInput={(e) => void state.search(e.currentTarget.value)}
      />
      <ul class="index-pages" aria-label={t('index_pages_label')}>
        {state.pages.value.map((p) => (
          <li key={p.url} data-url={p.url}>
            <a href={p.url} target="_blank" rel="noreferrer">
              {p.title || p.url}
            </a>{' '}
            <small>
              {t(
                'index_page_line',
                p.url,
                formatAgo(p.visitedAt, Date.now()),
                formatTime(p.visitedAt),
                formatCount(p.chunks, 'passage'),
              )}
            </small>{' '}
            <button
              type="button"
              aria-label={t('common_delete_named', p.url)}
              onClick={() => void state.deletePage(p.url)}
            >
              {t('common_delete')}
            </button>
          </li>
        ))}
      </ul>
      {state.totalPages.value > state.pages.value.length && (
        <p>{t('index_showing', formatNumber(state.pages.value.length), formatNumber(state.totalPages.value))}</p>
      )}
      <fieldset>
        <legend>{t('index_delete_legend')}</legend>
        <label>
          {t('index_site')}{' '}
          <input
            aria-label={t('index_domain_to_delete')}
            value={domain}
            onInput={(e) => setDomain(e.currentTarget.value)}
            placeholder="example.com"
          />
        </label>
        <button type="button" disabled={!domain.trim()} onClick={() => void state.deleteDomain(domain)}>
          {t('index_delete_site')}
        </button>
        <br />
        <label>
          {t('index_from')}{' '}
          <input
            type="datetime-local"
            aria-label={t('index_delete_from')}
            value={since}
            onInput={(e) => setSince(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('index_to')}{' '}
          <input
            type="datetime-local"
            aria-label={t('index_delete_until')}
            value={until}
            onInput={(e) => setUntil(e.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          disabled={!since || !until}
          onClick={() => void state.deleteRange(new Date(since).getTime(), new Date(until).getTime())}
        >
          {t('index_delete_range')}
        </button>
        <br />
        <button type="button" onClick={() => confirm(t('index_delete_everything_confirm')) && void state.deleteAll()}>
          {t('index_delete_everything')}
        </button>
      </fieldset>
    </>
  );
}

/** The section; owns its state model unless one is passed (tests). */
export function IndexSettings({ state: given }: { state?: IndexSettingsState }) {
  const state = useMemo(() => given ?? createIndexSettingsState(), [given]);
  useEffect(() => {
    void state.load();
    // A policy change can turn remembering off or force its lists: show the settings as they now apply.
    const unfollow = followPolicy(() => void state.load());
    return () => {
      unfollow();
      state.dispose();
    };
  }, [state]);
  const s = state.settings.value;
  return (
    <SettingsSection id="remember" description={t('index_description')}>
      {state.message.value && <p role="status">{state.message.value}</p>}
      {state.error.value && <p role="alert">{state.error.value}</p>}
      {s && !s.enabled && <Explanation state={state} />}
      {s?.enabled && (
        <>
          <label>
            <input type="checkbox" checked={s.paused} onChange={(e) => void state.setPaused(e.currentTarget.checked)} />{' '}
            {t('index_pause')}
          </label>{' '}
          <button type="button" class="link" onClick={() => void state.setEnabled(false)}>
            {t('index_turn_off')}
          </button>
          <label>
            {t('index_use_in_answers')}{' '}
            <select
              aria-label={t('index_grounding')}
              value={s.grounding}
              onChange={(e) => void state.update({ grounding: e.currentTarget.value as 'off' | 'prefer' | 'only' })}
            >
              <option value="off">{t('index_grounding_off')}</option>
              <option value="prefer">{t('index_grounding_prefer')}</option>
              <option value="only">{t('index_grounding_only')}</option>
            </select>
          </label>
          <PrivacyLists state={state} />
          <EmbeddingModelSetting state={state} />
          <Browser state={state} />
        </>
      )}
    </SettingsSection>
  );
}
