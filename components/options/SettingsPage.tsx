import { useEffect, useMemo } from 'preact/hooks';
import { AboutSettings } from './AboutSettings';
import { createAgentSettingsState } from './agent-settings-state';
import { AssistantSettings } from './AssistantSettings';
import { IndexSettings } from './IndexSettings';
import { MemoriesSettings } from './MemoriesSettings';
import { ModelsSettings } from './ModelsSettings';
import type { OptionsState } from './options-state';
import { PerformanceSettings } from './PerformanceSettings';
import { PrivacySettings } from './PrivacySettings';
import { SettingsNav } from './SettingsNav';
import { SkillsSettings } from './SkillsSettings';

/** Every settings section, in the order of settings-sections.ts, beside their navigation. */
export function SettingsPage({ state }: { state: OptionsState }) {
  const agent = useMemo(createAgentSettingsState, []);
  const loaded = state.loaded.value;
  useEffect(() => {
    if (loaded) void agent.load();
  }, [agent, loaded]);
  return (
    <div class="settings-layout">
      <SettingsNav ready={loaded} />
      <div class="settings-sections">
        <ModelsSettings state={state} />
        {loaded && (
          <>
            <AssistantSettings state={agent} />
            <SkillsSettings state={agent} />
            <MemoriesSettings state={agent} />
            <IndexSettings />
            <PerformanceSettings />
            <PrivacySettings />
            <AboutSettings />
          </>
        )}
      </div>
    </div>
  );
}
