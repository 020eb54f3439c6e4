import { z } from 'zod';
import { defineTool, type Tool } from './define-tool';
import type { SkillCatalog } from './skill-catalog';

/** load_skill: returns a skill's full instructions, so only its metadata has to sit in every prompt. */
export function createLoadSkillTool(catalog: SkillCatalog): Tool {
  return defineTool({
    name: 'load_skill',
    input: z.object({ name: z.string().describe('From <available_skills>.') }),
    readOnly: true,
    // Offered only when <available_skills> lists something to load.
    offered: async () => (await catalog.list()).length > 0,
    async execute({ name }) {
      const skill = await catalog.get(name);
      if (!skill) {
        const names = (await catalog.list()).map((s) => s.name).join(', ') || '(none)';
        throw new Error(`No skill named "${name}". Available: ${names}`);
      }
      return skill.body;
    },
  }) as Tool;
}
