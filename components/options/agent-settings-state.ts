/** The options page's agent settings: step limit, custom instructions, skills, memories, performance. */
import { batch, signal } from '@preact/signals';
import { RUN_LIMITS } from '../../lib/agent/run-settings';
import type { LatencyStats } from '../../lib/agent/compute-latency-stats';
import type { MemoryView, SkillView } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';

export function createAgentSettingsState() {
  const maxSteps = signal(10);
  const customInstructions = signal('');
  const reasoning = signal<'off' | 'low' | 'medium' | 'high'>('off');
  const maxToolCallsPerStep = signal<number>(RUN_LIMITS.maxToolCallsPerStep.default);
  const maxConcurrentSubAgents = signal<number>(RUN_LIMITS.maxConcurrentSubAgents.default);
  const maxRunTokens = signal<number>(RUN_LIMITS.maxRunTokens.default);
  const skills = signal<SkillView[]>([]);
  const memories = signal<MemoryView[]>([]);
  const stats = signal<LatencyStats | null>(null);
  const { message, error, attempt } = createActionStatus();


  return {
    maxSteps,
    customInstructions,
    reasoning,
    maxToolCallsPerStep,
    maxConcurrentSubAgents,
    maxRunTokens,
    skills,
    memories,
    stats,
    message,
    error,
    load: () =>
      attempt(async () => {
        const [settings, skillList, memoryList, latency] = await Promise.all([
          sendToBackground('settings.get', {}),
          sendToBackground('skills.list', {}),
          sendToBackground('memories.list', {}),
          sendToBackground('telemetry.stats', {}),
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
          stats.value = latency;
        });
      }),
    saveBehaviour: () =>
      attempt(async () => {
        await sendToBackground('settings.update', {
          maxSteps: maxSteps.value, customInstructions: customInstructions.value, reasoning: reasoning.value,
          maxToolCallsPerStep: maxToolCallsPerStep.value, maxConcurrentSubAgents: maxConcurrentSubAgents.value, maxRunTokens: maxRunTokens.value,
        });
      }, 'Saved.'),
    saveSkill: (skill: { name: string; description: string; body: string }) =>
      attempt(async () => {
        skills.value = await sendToBackground('skills.save', skill);
      }, `Saved skill ${skill.name}.`),
    deleteSkill: (name: string) =>
      attempt(async () => {
        skills.value = await sendToBackground('skills.delete', { name });
      }),
    deleteMemory: (id: string) =>
      attempt(async () => {
        await sendToBackground('memories.delete', { id });
        memories.value = memories.value.filter((m) => m.id !== id);
      }),
  };
}

export type AgentSettingsState = ReturnType<typeof createAgentSettingsState>;
