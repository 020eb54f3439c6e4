/** skills.*: bundled skills are read-only; the user's own (at most 50) live in settings. */
import type { SettingsStore } from '../../storage/settings-store';
import type { SkillCatalog } from '../../tools/skill-catalog';
import { UserFacingError } from '../../messaging/user-facing-error';
import type { Awaitable, HandlerSet } from './handler-set';
import { formatInteger } from '../../util/format-integer';
import { t } from '../../util/t';

export const MAX_USER_SKILLS = 50;

export function createSkillHandlers(deps: {
  skills: SkillCatalog;
  settings: Awaitable<SettingsStore>;
}): HandlerSet<'skills.list' | 'skills.save' | 'skills.delete'> {
  const listSkills = async () =>
    (await deps.skills.list()).map(({ name, description, body, source }) => ({ name, description, body, source }));
  return {
    'skills.list': listSkills,
    'skills.save': async (skill) => {
      const bundled = (await deps.skills.list()).find((k) => k.name === skill.name && k.source === 'bundled');
      if (bundled) throw new UserFacingError('invalid', t('bg_skill_built_in', skill.name));
      const settings = await deps.settings;
      const current = (await settings.get()).userSkills ?? [];
      if (current.length >= MAX_USER_SKILLS && !current.some((k) => k.name === skill.name))
        throw new UserFacingError('invalid', t('bg_skill_max', formatInteger(MAX_USER_SKILLS)));
      await settings.update({ userSkills: [...current.filter((k) => k.name !== skill.name), skill] });
      return listSkills();
    },
    'skills.delete': async ({ name }) => {
      const settings = await deps.settings;
      await settings.update({ userSkills: ((await settings.get()).userSkills ?? []).filter((k) => k.name !== name) });
      return listSkills();
    },
  };
}
