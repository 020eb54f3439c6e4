/** The options page's agent settings: step limit, custom instructions, skills, memories, performance. */
import { batch, signal } from '@preact/signals';
import type { LatencyStats } from '../../lib/agent/compute-latency-stats';
import type { MemoryView, SkillView } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';

export function createAgentSettingsState() {
  const maxSteps = signal(10);
  const customInstructions = signal('');
  const reasoning = signal<'off' | 'low' | 'medium' | 'high'>('off');
  const skills = signal<SkillView[]>([]);
  const memories = signal<MemoryView[]>([]);
  const stats = signal<LatencyStats | null>(null);
  const { message, error, attempt } = createActionStatus();


  return {
    maxSteps,
    customInstructions,
    reasoning,
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
          skills.value = skillList;
          memories.value = memoryList;
          stats.value = latency;
        });
      }),
    saveBehaviour: () =>
      attempt(async () => {
        await sendToBackground('settings.update', { maxSteps: maxSteps.value, customInstructions: customInstructions.value, reasoning: reasoning.value });
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
