import { RUN_LIMITS } from '../../lib/agent/run-settings';
import type { AgentSettingsState } from './agent-settings-state';
import { Field } from './Field';
import { SectionStatus } from './SectionStatus';
import { SettingsSection } from './SettingsSection';

const range = ({ min, max }: { min: number; max: number }) => `${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
const numberOf = (e: Event) => Number((e.target as HTMLInputElement).value);

/** How the assistant works: step limit, run limits, reasoning and custom instructions. */
export function AssistantSettings({ state }: { state: AgentSettingsState }) {
  const mine = state.area.value === 'assistant';
  return (
    <SettingsSection id="assistant" description="How far the assistant may go on one request, how hard it thinks, and what it is always told.">
      <SectionStatus message={mine ? state.message.value : null} error={mine ? state.error.value : null} />
      <form
        class="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void state.saveBehaviour();
        }}
      >
        <Field label="Step limit" hint="Model calls per request, 1 to 50.">
          <input type="number" min={1} max={50} value={state.maxSteps.value} onInput={(e) => (state.maxSteps.value = numberOf(e))} />
        </Field>
        <Field label="Tool calls per step" hint={`${range(RUN_LIMITS.maxToolCallsPerStep)}. A run that goes past a limit stops with a message.`}>
          <input type="number" min={RUN_LIMITS.maxToolCallsPerStep.min} max={RUN_LIMITS.maxToolCallsPerStep.max} value={state.maxToolCallsPerStep.value} onInput={(e) => (state.maxToolCallsPerStep.value = numberOf(e))} />
        </Field>
        <Field label="Sub-agents running at once" hint={range(RUN_LIMITS.maxConcurrentSubAgents)}>
          <input type="number" min={RUN_LIMITS.maxConcurrentSubAgents.min} max={RUN_LIMITS.maxConcurrentSubAgents.max} value={state.maxConcurrentSubAgents.value} onInput={(e) => (state.maxConcurrentSubAgents.value = numberOf(e))} />
        </Field>
        <Field label="Tokens per run" hint={`Input and output, ${range(RUN_LIMITS.maxRunTokens)}.`}>
          <input type="number" min={RUN_LIMITS.maxRunTokens.min} max={RUN_LIMITS.maxRunTokens.max} step={1000} value={state.maxRunTokens.value} onInput={(e) => (state.maxRunTokens.value = numberOf(e))} />
        </Field>
        <Field label="Reasoning" hint="Extended thinking on Anthropic, reasoning effort on OpenAI reasoning models. Other models reject it, and the error will say so.">
          <select value={state.reasoning.value} onChange={(e) => (state.reasoning.value = (e.target as HTMLSelectElement).value as 'off' | 'low' | 'medium' | 'high')}>
            <option value="off">Off</option>
            <option value="low">Low</option>
            <option value="medium">Medium</option>
            <option value="high">High</option>
          </select>
        </Field>
        <Field label="Custom instructions" hint="Added to every request.">
          <textarea rows={4} value={state.customInstructions.value} onInput={(e) => (state.customInstructions.value = (e.target as HTMLTextAreaElement).value)} />
        </Field>
        <div class="form-actions">
          <button type="submit" class="primary">
            Save assistant settings
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
