import { useState } from 'preact/hooks';
import type { AgentSettingsState } from './agent-settings-state';
import { Field } from './Field';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { t } from '../ui/t';
import { skillDescription } from './skill-description';

const empty = { name: '', description: '', body: '' };

/** Playbooks the assistant loads by name: the built-in ones, and the user's own to add or delete. */
export function SkillsSettings({ state }: { state: AgentSettingsState }) {
  const [draft, setDraft] = useState(empty);
  const mine = state.area.value === 'skills';
  return (
    <SettingsSection id="skills" description={t('skills_description')}>
      <SectionStatus message={mine ? state.message.value : null} error={mine ? state.error.value : null} />
      <ul class="item-list" aria-label={t('skills_label')}>
        {state.skills.value.map((k) => (
          <li key={k.name} data-skill={k.name}>
            <span class="item-main">
              <strong>{k.name}</strong>
              <span class="badge">{k.source === 'bundled' ? t('skills_built_in') : t('skills_yours')}</span>
              <span class="item-detail">{skillDescription(k)}</span>
            </span>
            {k.source === 'user' && (
              <button
                type="button"
                aria-label={t('skills_delete_named', k.name)}
                onClick={() => void state.deleteSkill(k.name)}
              >
                {t('common_delete')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        class="form-grid"
        aria-label={t('skills_new')}
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveSkill(draft).then(() => state.error.value === null && setDraft(empty));
        }}
      >
        <Field label={t('skills_name')} hint={t('skills_name_hint')}>
          <input
            value={draft.name}
            placeholder="weekly-report"
            onInput={(e) => setDraft({ ...draft, name: (e.target as HTMLInputElement).value })}
          />
        </Field>
        <Field label={t('skills_when')}>
          <input
            value={draft.description}
            onInput={(e) => setDraft({ ...draft, description: (e.target as HTMLInputElement).value })}
          />
        </Field>
        <Field label={t('skills_instructions')}>
          <textarea
            rows={4}
            value={draft.body}
            onInput={(e) => setDraft({ ...draft, body: (e.target as HTMLTextAreaElement).value })}
          />
        </Field>
        <div class="form-actions">
          <button type="submit">{t('skills_add')}</button>
        </div>
      </form>
    </SettingsSection>
  );
}
