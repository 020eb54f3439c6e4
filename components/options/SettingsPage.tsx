import { useEffect, useMemo, useState } from 'preact/hooks';
import { AboutSettings } from './AboutSettings';
import { ActivitySettings } from './ActivitySettings';
import { createAgentSettingsState } from './agent-settings-state';
import { AssistantSettings } from './AssistantSettings';
import { DocumentsSettings } from './DocumentsSettings';
import { IndexSettings } from './IndexSettings';
import { MemoriesSettings } from './MemoriesSettings';
import { ModelsSettings } from './ModelsSettings';
import type { OptionsState } from './options-state';
import { PerformanceSettings } from './PerformanceSettings';
import { PermissionsSettings } from './PermissionsSettings';
import { PrivacySettings } from './PrivacySettings';
import { SettingsNav } from './SettingsNav';
import { SkillsSettings } from './SkillsSettings';
import { TasksSettings } from './TasksSettings';
import { TeamSettings } from './TeamSettings';
import { ToolsSettings } from './ToolsSettings';
import { WebSearchSettings } from './WebSearchSettings';
import { OrganizationPolicy } from './OrganizationPolicy';
import { followPolicy } from './policy-state';

/** Every settings section, in the order of settings-sections.ts, beside their navigation. */
export function SettingsPage({ state }: { state: OptionsState }) {
  const agent = useMemo(createAgentSettingsState, []);
  const loaded = state.loaded.value;
  // An import changes what several sections show: reload their data (Remember what I read by remounting).
  const [imports, setImports] = useState(0);
  const onImported = () => {
    void state.refresh();
    void agent.load();
    setImports((n) => n + 1);
  };
  useEffect(() => {
    if (loaded) void agent.load();
  }, [agent, loaded]);
  // The organisation's policy, followed while the page is open: a change shows (and applies) at once.
  useEffect(() => followPolicy(), []);
  return (
    <div class="settings-layout">
      <SettingsNav ready={loaded} />
      <div class="settings-sections">
        <OrganizationPolicy />
        <ModelsSettings state={state} />
        {loaded && (
          <>
            <AssistantSettings state={agent} />
            <SkillsSettings state={agent} />
            <TasksSettings key={imports} />
            <ToolsSettings />
            <PermissionsSettings key={imports} />
            <MemoriesSettings state={agent} />
            <IndexSettings key={imports} />
            <WebSearchSettings />
            <TeamSettings />
            <DocumentsSettings />
            <PerformanceSettings />
            <ActivitySettings />
            <PrivacySettings onImported={onImported} />
            <AboutSettings />
          </>
        )}
      </div>
    </div>
  );
}
