import { useMemo } from 'preact/hooks';
import { DeleteAllData } from './DeleteAllData';
import { createPrivacyState } from './privacy-state';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';

/** Export everything to a file, import it back, or delete everything. */
export function PrivacySettings() {
  const state = useMemo(createPrivacyState, []);
  return (
    <SettingsSection id="privacy" description="Everything Tabwise keeps stays in this browser. Take it with you as a file, bring it back, or delete it.">
      <div class="subsection" role="group" aria-label="Export and import">
        <h3 class="subheading">Export and import</h3>
        <p class="hint">
          The file holds your conversations, memories, skills and settings, as JSON. It never holds API keys: after importing on another computer, add
          your providers' keys again. Importing adds what is not here yet and keeps everything that is.
        </p>
        <SectionStatus message={state.message.value} error={state.error.value} />
        <div class="form-actions">
          <button type="button" disabled={state.busy.value} onClick={() => void state.exportAll()}>
            Export everything…
          </button>
          <label class="file-button">
            <span>Import from a file…</span>
            <input
              type="file"
              accept="application/json,.json"
              aria-label="Import from a file"
              disabled={state.busy.value}
              onChange={(e) => {
                const input = e.currentTarget;
                const file = input.files?.[0];
                if (file) void state.importFile(file).then(() => (input.value = ''));
              }}
            />
          </label>
        </div>
      </div>
      <DeleteAllData />
    </SettingsSection>
  );
}
