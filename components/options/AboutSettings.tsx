import { SettingsSection } from './SettingsSection';
import { t } from '../ui/t';

/** A manifest string, resolved when it names a translated message (__MSG_name__). */
const resolved = (text = '') =>
  text.replace(/^__MSG_(\w+)__$/, (_, key: string) => chrome.i18n.getMessage(key) || text);

/** What Tabwise is, its version, and where its data lives. */
export function AboutSettings() {
  const manifest = chrome.runtime.getManifest();
  return (
    <SettingsSection id="about" description={t('about_description')}>
      <dl class="about-list">
        <dt>{t('about_name')}</dt>
        <dd>{resolved(manifest.name)}</dd>
        <dt>{t('about_version')}</dt>
        <dd data-figure="version">{manifest.version}</dd>
        <dt>{t('about_what')}</dt>
        <dd>{resolved(manifest.description)}</dd>
        <dt>{t('about_your_data')}</dt>
        <dd>{t('about_data_text')}</dd>
        <dt>{t('about_license')}</dt>
        <dd>Apache-2.0</dd>
      </dl>
    </SettingsSection>
  );
}
