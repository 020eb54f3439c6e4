/**
 * What Settings shows for a skill: a built-in skill's description in the UI's language (its SKILL.md stays
 * English, for the model), a skill the user wrote as they wrote it.
 */
import { t, type MessageKey } from '../ui/t';

/** The translated description of each skill bundled in prompts/skills (a test keeps the two in step). */
export const BUILTIN_SKILL_DESCRIPTIONS: Record<string, MessageKey> = {
  'fill-form-carefully': 'skill_desc_fill_form_carefully',
  'summarise-page': 'skill_desc_summarise_page',
};

export function skillDescription(skill: { name: string; description: string; source: string }): string {
  const key =
    skill.source === 'bundled' && Object.hasOwn(BUILTIN_SKILL_DESCRIPTIONS, skill.name)
      ? BUILTIN_SKILL_DESCRIPTIONS[skill.name]
      : undefined;
  return key ? t(key) : skill.description;
}
