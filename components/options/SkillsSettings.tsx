import { useState } from 'preact/hooks';
import type { AgentSettingsState } from './agent-settings-state';
import { Field } from './Field';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';

const empty = { name: '', description: '', body: '' };

/** Playbooks the assistant loads by name: the built-in ones, and the user's own to add or delete. */
export function SkillsSettings({ state }: { state: AgentSettingsState }) {
  const [draft, setDraft] = useState(empty);
  const mine = state.area.value === 'skills';
  return (
    <SettingsSection id="skills" description="Playbooks the assistant loads when a task matches their description. Only the name and description are in every request.">
      <SectionStatus message={mine ? state.message.value : null} error={mine ? state.error.value : null} />
      <ul class="item-list" aria-label="Skills">
        {state.skills.value.map((k) => (
          <li key={k.name} data-skill={k.name}>
            <span class="item-main">
              <strong>{k.name}</strong>
              <span class="badge">{k.source === 'bundled' ? 'built in' : 'yours'}</span>
              <span class="item-detail">{k.description}</span>
            </span>
            {k.source === 'user' && (
              <button type="button" aria-label={`Delete skill ${k.name}`} onClick={() => void state.deleteSkill(k.name)}>
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        class="form-grid"
        aria-label="New skill"
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveSkill(draft).then(() => state.error.value === null && setDraft(empty));
        }}
      >
        <Field label="Skill name" hint="Lower-case letters, digits and dashes.">
          <input value={draft.name} placeholder="weekly-report" onInput={(e) => setDraft({ ...draft, name: (e.target as HTMLInputElement).value })} />
        </Field>
        <Field label="When to use it">
          <input value={draft.description} onInput={(e) => setDraft({ ...draft, description: (e.target as HTMLInputElement).value })} />
        </Field>
        <Field label="Instructions">
          <textarea rows={4} value={draft.body} onInput={(e) => setDraft({ ...draft, body: (e.target as HTMLTextAreaElement).value })} />
        </Field>
        <div class="form-actions">
          <button type="submit">Add skill</button>
        </div>
      </form>
    </SettingsSection>
  );
}
