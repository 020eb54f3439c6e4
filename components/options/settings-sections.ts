/** The settings page's sections, in order: each is linkable as options.html#<id> (the panel links to them). */
export const SETTINGS_SECTIONS = [
  { id: 'models', title: 'Models' },
  { id: 'assistant', title: 'Assistant' },
  { id: 'skills', title: 'Skills' },
  { id: 'memories', title: 'Memories' },
  { id: 'remember', title: 'Remember what I read' },
  { id: 'performance', title: 'Performance' },
  { id: 'privacy', title: 'Privacy & data' },
  { id: 'about', title: 'About' },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

/** The section a location hash names ('#performance'), or undefined (no hash, '#onboarding', an unknown one). */
export function sectionOfHash(hash: string): SettingsSectionId | undefined {
  const id = hash.replace(/^#/, '');
  return SETTINGS_SECTIONS.find((s) => s.id === id)?.id;
}
