/** The options page's agent settings: step limit, custom instructions, skills and memories (three sections, one model). */
import { batch, signal } from '@preact/signals';
import { RUN_LIMITS } from '../../lib/agent/run-settings';
import type { MemoryView, SkillView } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';
import { t } from '../ui/t';

export type AgentSettingsArea = 'assistant' | 'skills' | 'memories';

export function createAgentSettingsState() {
  const maxSteps = signal(10);
  const customInstructions = signal('');
  const reasoning = signal<'off' | 'low' | 'medium' | 'high'>('off');
  const maxToolCallsPerStep = signal<number>(RUN_LIMITS.maxToolCallsPerStep.default);
  const maxConcurrentSubAgents = signal<number>(RUN_LIMITS.maxConcurrentSubAgents.default);
  const maxRunTokens = signal<number>(RUN_LIMITS.maxRunTokens.default);
  const skills = signal<SkillView[]>([]);
  const memories = signal<MemoryView[]>([]);
  /** False until the saved settings have arrived: an edit made before would be overwritten by them. */
  const loaded = signal(false);
  const { message, error, attempt: attemptAny } = createActionStatus();
  /** The section whose action the message or error is about, so it shows there and nowhere else. */
  const area = signal<AgentSettingsArea>('assistant');
  const attempt = (where: AgentSettingsArea, f: () => Promise<void>, done?: string) => {
    area.value = where;
    return attemptAny(f, done);
  };

  return {
    maxSteps,
    customInstructions,
    reasoning,
    maxToolCallsPerStep,
    maxConcurrentSubAgents,
    maxRunTokens,
    skills,
    memories,
    area,
    message,
    error,
    loaded,
    load: () =>
      attempt('assistant', async () => {
        const [settings, skillList, memoryList] = await Promise.all([
          sendToBackground('settings.get', {}),
          sendToBackground('skills.list', {}),
          sendToBackground('memories.list', {}),
        ]);
        batch(() => {
          maxSteps.value = settings.maxSteps ?? 10;
          customInstructions.value = settings.customInstructions ?? '';
          reasoning.value = settings.reasoning ?? 'off';
          maxToolCallsPerStep.value = settings.maxToolCallsPerStep ?? RUN_LIMITS.maxToolCallsPerStep.default;
          maxConcurrentSubAgents.value = settings.maxConcurrentSubAgents ?? RUN_LIMITS.maxConcurrentSubAgents.default;
          maxRunTokens.value = settings.maxRunTokens ?? RUN_LIMITS.maxRunTokens.default;
          skills.value = skillList;
          memories.value = memoryList;
        });
      }).finally(() => (loaded.value = true)),
    saveBehaviour: () =>
      attempt(
        'assistant',
        async () => {
          await sendToBackground('settings.update', {
            maxSteps: maxSteps.value,
            customInstructions: customInstructions.value,
            reasoning: reasoning.value,
            maxToolCallsPerStep: maxToolCallsPerStep.value,
            maxConcurrentSubAgents: maxConcurrentSubAgents.value,
            maxRunTokens: maxRunTokens.value,
          });
        },
        t('common_saved'),
      ),
    saveSkill: (skill: { name: string; description: string; body: string }) =>
      attempt(
        'skills',
        async () => {
          skills.value = await sendToBackground('skills.save', skill);
        },
        t('skills_saved', skill.name),
      ),
    deleteSkill: (name: string) =>
      attempt('skills', async () => {
        skills.value = await sendToBackground('skills.delete', { name });
      }),
    deleteMemory: (id: string) =>
      attempt('memories', async () => {
        await sendToBackground('memories.delete', { id });
        memories.value = memories.value.filter((m) => m.id !== id);
      }),
  };
}

export type AgentSettingsState = ReturnType<typeof createAgentSettingsState>;
