import type { AgentSettingsState } from './agent-settings-state';
import { formatCount } from './format-figures';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { t } from '../ui/t';

/** What the assistant was asked to remember across conversations, each with the page it was saved on. */
export function MemoriesSettings({ state }: { state: AgentSettingsState }) {
  const mine = state.area.value === 'memories';
  const memories = state.memories.value;
  return (
    <SettingsSection id="memories" description={t('memories_description')}>
      <SectionStatus message={mine ? state.message.value : null} error={mine ? state.error.value : null} />
      <p class="figure-line">
        {memories.length === 0 ? t('memories_none') : t('memories_count', formatCount(memories.length, 'memory'))}
      </p>
      <ul class="item-list" aria-label={t('memories_label')}>
        {memories.map((m) => (
          <li key={m.id} data-memory={m.id}>
            <span class="item-main">
              <span class="memory-text">{m.text}</span>
              {m.url && <small class="memory-source item-detail"> {t('memories_saved_on', m.url)}</small>}
            </span>
            <button
              type="button"
              onClick={() => void state.deleteMemory(m.id)}
              aria-label={t('memories_forget_label', m.text)}
            >
              {t('memories_forget')}
            </button>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
