/** "Remember what I read": opt-in explanation, pause, privacy lists, the index browser and its stats. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { parseSiteEntry } from '../../lib/retrieval/site-entry';
import { describeModelStatus } from './describe-model-status';
import { formatAgo, formatCount } from './format-figures';
import { IndexFigures } from './IndexFigures';
import { SettingsSection } from './SettingsSection';
import { createIndexSettingsState, parseList, type IndexSettingsState } from './index-settings-state';

const formatTime = (ms: number) => new Date(ms).toLocaleString();

function Explanation({ state }: { state: IndexSettingsState }) {
  return (
    <div class="onboarding" aria-label="About remembering pages">
      <p>
        When this is on, Tabwise keeps a private index of the pages you read, so you can ask “where did I read…” and get answers that link back
        to the passage.
      </p>
      <ul>
        <li>A page is remembered once it has been visible for a few seconds. Only its visible text is kept, never what you type into forms.</li>
        <li>Everything stays in this browser: the text and its embeddings are computed and stored on this device.</li>
        <li>Incognito windows, mail, banking, health, password managers, login and checkout pages are never indexed; card numbers and keys are removed from the text.</li>
        <li>Pages older than 90 days are forgotten. You can pause, exclude sites, and delete pages, sites, time ranges or everything below.</li>
        <li>The first time, the embedding model (about 23 MB) is downloaded from Hugging Face and cached by the browser; after that it loads without the network.</li>
      </ul>
      <button type="button" class="primary" onClick={() => void state.setEnabled(true)}>
        Remember pages I read
      </button>
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
  return (
    <fieldset>
      <legend>Which sites</legend>
      <label>
        <input type="radio" name="index-mode" checked={s.mode === 'denylist'} onChange={() => void state.update({ mode: 'denylist' })} /> All sites except the excluded ones
      </label>
      <label>
        <input type="radio" name="index-mode" checked={s.mode === 'allowlist'} onChange={() => void state.update({ mode: 'allowlist' })} /> Only the sites I list
      </label>
      <label>
        <input type="checkbox" checked={s.useDefaultDenylist} onChange={(e) => void state.update({ useDefaultDenylist: e.currentTarget.checked })} /> Built-in exclusions
        (mail, banking, health, passwords, login and checkout pages)
      </label>
      <label>
        Never remember (one domain or URL pattern a line, e.g. <code>example.com</code> or <code>*/private/*</code>)
        <textarea aria-label="Excluded sites" rows={3} value={denied} onInput={(e) => setDenied(e.currentTarget.value)} />
      </label>
      {s.mode === 'allowlist' && (
        <label>
          Only remember
          <textarea aria-label="Allowed sites" rows={3} value={allowed} onInput={(e) => setAllowed(e.currentTarget.value)} />
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
          void state.update({ deniedDomains: d.domains, deniedPatterns: d.patterns, allowedDomains: a.domains, allowedPatterns: a.patterns });
        }}
      >
        Save sites
      </button>
      {invalid.length > 0 && (
        <p class="test-error" role="alert">
          Not saved. These are not sites: {invalid.join('; ')}. Write a domain (bank.example), a URL with * (https://mail.example/*), or /a regular expression/.
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
      <p role="status" aria-label="Embedding model" class="model-status">
        {line.text}
        {p?.phase === 'downloading' && p.total > 0 && <progress max={p.total} value={Math.min(p.loaded, p.total)} />}
      </p>
    );
  }
  return (
    <p role="alert" aria-label="Embedding model" class="model-status error">
      {line.text}{' '}
      <button type="button" onClick={() => void state.retry()}>
        Try again
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
      <input type="search" aria-label="Search remembered pages" placeholder="Search titles and URLs" value={state.query.value} onInput={(e) => void state.search(e.currentTarget.value)} />
      <ul class="index-pages" aria-label="Remembered pages">
        {state.pages.value.map((p) => (
          <li key={p.url} data-url={p.url}>
            <a href={p.url} target="_blank" rel="noreferrer">
              {p.title || p.url}
            </a>{' '}
            <small>
              {p.url} · read {formatAgo(p.visitedAt, Date.now())} ({formatTime(p.visitedAt)}) · {formatCount(p.chunks, 'passage')}
            </small>{' '}
            <button type="button" aria-label={`Delete ${p.url}`} onClick={() => void state.deletePage(p.url)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {state.totalPages.value > state.pages.value.length && <p>Showing {state.pages.value.length} of {state.totalPages.value}.</p>}
      <fieldset>
        <legend>Delete</legend>
        <label>
          Site <input aria-label="Domain to delete" value={domain} onInput={(e) => setDomain(e.currentTarget.value)} placeholder="example.com" />
        </label>
        <button type="button" disabled={!domain.trim()} onClick={() => void state.deleteDomain(domain)}>
          Delete site
        </button>
        <br />
        <label>
          From <input type="datetime-local" aria-label="Delete from" value={since} onInput={(e) => setSince(e.currentTarget.value)} />
        </label>
        <label>
          to <input type="datetime-local" aria-label="Delete until" value={until} onInput={(e) => setUntil(e.currentTarget.value)} />
        </label>
        <button type="button" disabled={!since || !until} onClick={() => void state.deleteRange(new Date(since).getTime(), new Date(until).getTime())}>
          Delete range
        </button>
        <br />
        <button type="button" onClick={() => confirm('Delete everything Tabwise remembers?') && void state.deleteAll()}>
          Delete everything
        </button>
      </fieldset>
    </>
  );
}

function ModelSetting({ state }: { state: IndexSettingsState }) {
  const m = state.settings.value!.model;
  const [id, setId] = useState(m.id);
  return (
    <fieldset>
      <legend>Embedding model</legend>
      <label>
        Model (Hugging Face id){' '}
        <input aria-label="Embedding model" value={id} onInput={(e) => setId(e.currentTarget.value)} />
      </label>{' '}
      <button type="button" disabled={!id.trim() || id.trim() === m.id} onClick={() => void state.update({ model: { ...m, id: id.trim() } }, 'Model changed: pages are re-embedded in the background.')}>
        Change model
      </button>
      <small>
        {' '}
        A Hugging Face model with ONNX weights for transformers.js (e.g. <code>Xenova/bge-small-en-v1.5</code>), downloaded once and cached by the
        browser. Changing it re-embeds every remembered page on this device; search keeps working meanwhile.
      </small>
    </fieldset>
  );
}

/** The section; owns its state model unless one is passed (tests). */
export function IndexSettings({ state: given }: { state?: IndexSettingsState }) {
  const state = useMemo(() => given ?? createIndexSettingsState(), [given]);
  useEffect(() => {
    void state.load();
  }, [state]);
  const s = state.settings.value;
  return (
    <SettingsSection id="remember" description="A private index of the pages you read, kept in this browser, so you can ask where you read something and get answers that link back to the passage.">
      {state.message.value && <p role="status">{state.message.value}</p>}
      {state.error.value && <p role="alert">{state.error.value}</p>}
      {s && !s.enabled && <Explanation state={state} />}
      {s?.enabled && (
        <>
          <label>
            <input type="checkbox" checked={s.paused} onChange={(e) => void state.setPaused(e.currentTarget.checked)} /> Pause remembering
          </label>{' '}
          <button type="button" class="link" onClick={() => void state.setEnabled(false)}>
            Turn off
          </button>
          <label>
            Use what I read in answers{' '}
            <select aria-label="Grounding" value={s.grounding} onChange={(e) => void state.update({ grounding: e.currentTarget.value as 'off' | 'prefer' | 'only' })}>
              <option value="off">Only when the assistant searches</option>
              <option value="prefer">Add matching passages to every message</option>
              <option value="only">Answer only from what I read</option>
            </select>
          </label>
          <PrivacyLists state={state} />
          <ModelSetting state={state} />
          <Browser state={state} />
        </>
      )}
    </SettingsSection>
  );
}
