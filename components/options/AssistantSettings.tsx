import { ManagedBadge } from './ManagedBadge';
import { policyView } from './policy-state';
import { RUN_LIMITS } from '../../lib/agent/run-settings';
import type { AgentSettingsState } from './agent-settings-state';
import { Field } from './Field';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';
import { t } from '../ui/t';
import { formatNumber } from './format-figures';

const range = ({ min, max }: { min: number; max: number }) =>
  t('assistant_range', formatNumber(min), formatNumber(max));
const numberOf = (e: Event) => Number((e.target as HTMLInputElement).value);

/** How the assistant works: step limit, run limits, reasoning and custom instructions. */
export function AssistantSettings({ state }: { state: AgentSettingsState }) {
  const mine = state.area.value === 'assistant';
  return (
    <SettingsSection id="assistant" description={t('assistant_description')}>
      <SectionStatus message={mine ? state.message.value : null} error={mine ? state.error.value : null} />
      <form
        class="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveBehaviour();
        }}
      >
        <fieldset class="load-gate" disabled={!state.loaded.value}>
          <Field label={t('assistant_step_limit')} hint={t('assistant_step_limit_hint')}>
            <input
              type="number"
              min={1}
              max={50}
              value={state.maxSteps.value}
              onInput={(e) => (state.maxSteps.value = numberOf(e))}
            />
          </Field>
          <Field
            label={t('assistant_tool_calls')}
            hint={t('assistant_tool_calls_hint', range(RUN_LIMITS.maxToolCallsPerStep))}
          >
            <input
              type="number"
              min={RUN_LIMITS.maxToolCallsPerStep.min}
              max={RUN_LIMITS.maxToolCallsPerStep.max}
              value={state.maxToolCallsPerStep.value}
              onInput={(e) => (state.maxToolCallsPerStep.value = numberOf(e))}
            />
          </Field>
          <Field label={t('assistant_sub_agents')} hint={range(RUN_LIMITS.maxConcurrentSubAgents)}>
            <input
              type="number"
              min={RUN_LIMITS.maxConcurrentSubAgents.min}
              max={RUN_LIMITS.maxConcurrentSubAgents.max}
              value={state.maxConcurrentSubAgents.value}
              onInput={(e) => (state.maxConcurrentSubAgents.value = numberOf(e))}
            />
          </Field>
          <Field label={t('assistant_tokens')} hint={t('assistant_tokens_hint', range(RUN_LIMITS.maxRunTokens))}>
            <input
              type="number"
              min={RUN_LIMITS.maxRunTokens.min}
              max={RUN_LIMITS.maxRunTokens.max}
              step={1000}
              value={state.maxRunTokens.value}
              onInput={(e) => (state.maxRunTokens.value = numberOf(e))}
            />
          </Field>
          <Field label={t('assistant_reasoning')} hint={t('assistant_reasoning_hint')}>
            <select
              value={state.reasoning.value}
              onChange={(e) =>
                (state.reasoning.value = (e.target as HTMLSelectElement).value as 'off' | 'low' | 'medium' | 'high')
              }
            >
              <option value="off">{t('assistant_reasoning_off')}</option>
              <option value="low">{t('assistant_reasoning_low')}</option>
              <option value="medium">{t('assistant_reasoning_medium')}</option>
              <option value="high">{t('assistant_reasoning_high')}</option>
            </select>
          </Field>
          {policyView.value.policy.customInstructions && (
            <div class="field" data-policy="customInstructions">
              <span class="field-label">
                {t('policy_org_instructions')} <ManagedBadge />
              </span>
              <pre class="policy-instructions">{policyView.value.policy.customInstructions}</pre>
            </div>
          )}
          <Field label={t('assistant_custom')} hint={t('assistant_custom_hint')}>
            <textarea
              rows={4}
              value={state.customInstructions.value}
              onInput={(e) => (state.customInstructions.value = (e.target as HTMLTextAreaElement).value)}
            />
          </Field>
          <div class="form-actions">
            <button type="submit" class="primary">
              {t('assistant_save')}
            </button>
          </div>
        </fieldset>
      </form>
    </SettingsSection>
  );
}
