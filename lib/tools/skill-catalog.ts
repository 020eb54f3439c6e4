import { parseSkill, type Skill } from './parse-skill';

/** User-written skills, from whatever store the settings page keeps them in. */
export interface UserSkillStore {
  list(): Promise<Skill[]>;
}

export interface SkillCatalog {
  list(): Promise<Skill[]>;
  get(name: string): Promise<Skill | undefined>;
}

/**
 * Bundled skills come from the prompt files (`/prompts/skills/<name>/SKILL.md`); user skills from the
 * store. A user skill may not shadow a bundled one: the bundled one wins, so a skill's meaning is stable.
 */
export function createSkillCatalog(prompts: Record<string, string>, userSkills?: UserSkillStore): SkillCatalog {
  const bundled = Object.entries(prompts)
    .filter(([path]) => /\/prompts\/skills\/[^/]+\/SKILL\.md$/.test(path))
    .map(([path, text]) => {
      try {
        return parseSkill(text, 'bundled');
      } catch (error) {
        throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    });
  const list = async (): Promise<Skill[]> => {
    const user = (await userSkills?.list()) ?? [];
    const names = new Set(bundled.map((s) => s.name));
    return [...bundled, ...user.filter((s) => !names.has(s.name))];
  };
  return { list, get: async (name) => (await list()).find((s) => s.name === name) };
}
