import { SettingsSection } from './SettingsSection';

/** A manifest string, resolved when it names a translated message (__MSG_name__). */
const resolved = (text = '') => text.replace(/^__MSG_(\w+)__$/, (_, key: string) => chrome.i18n.getMessage(key) || text);

/** What Tabwise is, its version, and where its data lives. */
export function AboutSettings() {
  const manifest = chrome.runtime.getManifest();
  return (
    <SettingsSection id="about" description="The extension and what it does with your data.">
      <dl class="about-list">
        <dt>Name</dt>
        <dd>{resolved(manifest.name)}</dd>
        <dt>Version</dt>
        <dd data-figure="version">{manifest.version}</dd>
        <dt>What it is</dt>
        <dd>{resolved(manifest.description)}</dd>
        <dt>Your data</dt>
        <dd>Conversations, memories, settings and remembered pages are stored in this browser. Requests go only to the providers you added.</dd>
        <dt>License</dt>
        <dd>Apache-2.0</dd>
      </dl>
    </SettingsSection>
  );
}
