/** Settings → Remember what I read → Embedding model: English (default), Multilingual, or a custom hub id. */
import { useState } from 'preact/hooks';
import {
  choiceOf,
  EMBEDDING_MODEL_PRESETS,
  modelOfChoice,
  type EmbeddingModelChoice,
  type EmbeddingPresetKey,
} from '../../lib/retrieval/embedding-model-presets';
import type { EmbeddingModelSettings } from '../../lib/retrieval/index-settings';
import { fillSlots } from '../ui/fill-slots';
import { t } from '../ui/t';
import { formatBytes, formatCount } from './format-figures';
import type { IndexSettingsState } from './index-settings-state';

const labels = {
  english: { name: 'index_model_choice_english', note: 'index_model_choice_english_note' },
  multilingual: { name: 'index_model_choice_multilingual', note: 'index_model_choice_multilingual_note' },
} as const satisfies Record<EmbeddingPresetKey, { name: string; note: string }>;

/** Where a model's files come from: its self-hosted URL's host, else the hub's. */
const hostOf = (model: EmbeddingModelSettings) =>
  model.localModelUrl ? new URL(model.localModelUrl).host : 'huggingface.co';

/** What switching to `next` does, before the user commits to it: the download, then re-embedding what is remembered. */
function SwitchEffect({ next, pages }: { next: EmbeddingModelSettings; pages: number }) {
  const preset = EMBEDDING_MODEL_PRESETS.find((p) => p.model.id === next.id && p.model.dtype === next.dtype);
  return (
    <p class="hint" role="note" aria-label={t('index_model_switch_label')}>
      {preset && !next.localModelUrl
        ? t('index_model_switch_download', formatBytes(preset.downloadBytes), hostOf(next))
        : t('index_model_switch_download_custom', hostOf(next))}{' '}
      {pages > 0 ? t('index_model_switch_reembed', formatCount(pages, 'page')) : t('index_model_switch_nothing')}
    </p>
  );
}

export function EmbeddingModelSetting({ state }: { state: IndexSettingsState }) {
  const current = state.settings.value!.model;
  const [choice, setChoice] = useState<EmbeddingModelChoice>(choiceOf(current));
  const [customId, setCustomId] = useState(choiceOf(current) === 'custom' ? current.id : '');
  const next = modelOfChoice(choice, current, customId);
  const inUse = choiceOf(current);
  const option = (value: EmbeddingModelChoice, label: string, note?: string) => (
    <label class="choice">
      <input type="radio" name="embedding-model" checked={choice === value} onChange={() => setChoice(value)} /> {label}
      {value === inUse && <strong> {t('index_model_in_use')}</strong>}
      {note && <small class="hint"> {note}</small>}
    </label>
  );
  return (
    <fieldset>
      <legend>{t('index_embedding_model')}</legend>
      {EMBEDDING_MODEL_PRESETS.map((p) => (
        <div key={p.key}>
          {option(p.key, t(labels[p.key].name, formatBytes(p.downloadBytes)), t(labels[p.key].note))}
        </div>
      ))}
      <div>{option('custom', t('index_model_choice_custom'))}</div>
      {choice === 'custom' && (
        <p>
          <label>
            {t('index_model_hf')}{' '}
            <input
              aria-label={t('index_model_hf')}
              value={customId}
              placeholder={current.id}
              onInput={(e) => setCustomId(e.currentTarget.value)}
            />
          </label>
          <br />
          <small>{fillSlots('index_model_hint', <code>Xenova/bge-small-en-v1.5</code>)}</small>
        </p>
      )}
      {next && <SwitchEffect next={next} pages={state.stats.value?.pages ?? 0} />}
      <button
        type="button"
        disabled={!next}
        onClick={() => next && void state.update({ model: next }, t('index_model_changed'))}
      >
        {t('index_change_model')}
      </button>
    </fieldset>
  );
}
