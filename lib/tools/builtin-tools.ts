/** The background tools every runtime has; their names are reserved in the registry. */
import type { Tool } from './define-tool';
import { createDelegateTool, type SubAgentDefinition } from './delegate-tool';
import { createListTabsTool, type ListTabs } from './list-tabs-tool';
import { createAskUserTool } from './ask-user-tool';
import { createLoadSkillTool } from './load-skill-tool';
import type { MemoryStore } from './memory-store';
import { createMemoryTools } from './memory-tools';
import type { SkillCatalog } from './skill-catalog';

export interface BuiltinToolDeps {
  memory: MemoryStore;
  skills: SkillCatalog;
  listTabs: ListTabs;
  agents: SubAgentDefinition[];
  now: () => number;
  generateId: () => string;
}

/** load_skill, memory_*, delegate, list_tabs and ask_user, wired to their stores. */
export function createBuiltinTools(deps: BuiltinToolDeps): Tool[] {
  return [
    createLoadSkillTool(deps.skills),
    ...createMemoryTools(deps.memory, deps),
    createDelegateTool(deps.agents),
    createListTabsTool(deps.listTabs),
    createAskUserTool(),
  ];
}
