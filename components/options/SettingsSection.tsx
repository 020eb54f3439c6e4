import type { ComponentChildren } from 'preact';
import { SETTINGS_SECTIONS, type SettingsSectionId } from './settings-sections';

/** One settings section: the same heading, description and layout for every section; the region is named by its heading. */
export function SettingsSection({
  id,
  description,
  children,
}: {
  id: SettingsSectionId;
  description: ComponentChildren;
  children: ComponentChildren;
}) {
  const title = SETTINGS_SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section id={id} class="settings-section" aria-labelledby={`${id}-heading`}>
      <header class="section-header">
        <h2 id={`${id}-heading`}>{title}</h2>
        <p class="section-description">{description}</p>
      </header>
      <div class="section-body">{children}</div>
    </section>
  );
}
