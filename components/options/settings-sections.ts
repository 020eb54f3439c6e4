import { t } from '../ui/t';

/** The settings page's sections, in order: each is linkable as options.html#<id> (the panel links to them). */
export const SETTINGS_SECTIONS = [
  {
    id: 'models',
    get title() {
      return t('section_models');
    },
  },
  {
    id: 'assistant',
    get title() {
      return t('section_assistant');
    },
  },
  {
    id: 'skills',
    get title() {
      return t('section_skills');
    },
  },
  {
    id: 'tasks',
    get title() {
      return t('section_tasks');
    },
  },
  {
    id: 'tools',
    get title() {
      return t('section_tools');
    },
  },
  {
    id: 'permissions',
    get title() {
      return t('section_permissions');
    },
  },
  {
    id: 'memories',
    get title() {
      return t('section_memories');
    },
  },
  {
    id: 'remember',
    get title() {
      return t('section_remember');
    },
  },
  {
    id: 'web',
    get title() {
      return t('section_web');
    },
  },
  {
    id: 'team',
    get title() {
      return t('section_team');
    },
  },
  {
    id: 'documents',
    get title() {
      return t('section_documents');
    },
  },
  {
    id: 'performance',
    get title() {
      return t('section_performance');
    },
  },
  {
    id: 'activity',
    get title() {
      return t('section_activity');
    },
  },
  {
    id: 'privacy',
    get title() {
      return t('section_privacy');
    },
  },
  {
    id: 'about',
    get title() {
      return t('section_about');
    },
  },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

/** The section a location hash names ('#performance'), or undefined (no hash, '#onboarding', an unknown one). */
export function sectionOfHash(hash: string): SettingsSectionId | undefined {
  const id = hash.replace(/^#/, '');
  return SETTINGS_SECTIONS.find((s) => s.id === id)?.id;
}
