import type { AgentSettingsState } from './agent-settings-state';
import { formatCount } from './format-figures';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';

/** What the assistant was asked to remember across conversations, each with the page it was saved on. */
export function MemoriesSettings({ state }: { state: AgentSettingsState }) {
  const mine = state.area.value === 'memories';
  const memories = state.memories.value;
  return (
    <SettingsSection id="memories" description="Facts the assistant saved, with your approval, to use in later conversations. Forget any of them here.">
      <SectionStatus message={mine ? state.message.value : null} error={mine ? state.error.value : null} />
      <p class="figure-line">{memories.length === 0 ? 'Nothing remembered yet. Ask the assistant to remember something.' : `${formatCount(memories.length, 'memory', 'memories')}.`}</p>
      <ul class="item-list" aria-label="Memories">
        {memories.map((m) => (
          <li key={m.id} data-memory={m.id}>
            <span class="item-main">
              <span class="memory-text">{m.text}</span>
              {m.url && <small class="memory-source item-detail"> · saved on {m.url}</small>}
            </span>
            <button type="button" onClick={() => void state.deleteMemory(m.id)} aria-label={`Forget: ${m.text}`}>
              Forget
            </button>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
