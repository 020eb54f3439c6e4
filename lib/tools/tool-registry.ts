/** The set of tools a runtime knows: built-ins own their names, everything added later must not take one. */
import type { Tool } from './define-tool';

export type ToolSource = 'builtin' | 'user' | 'mcp' | 'subagent' | 'page';

/** What a user-defined, MCP or sub-agent tool that tries to take a reserved or taken name is refused with (a bug, not a user error). */
const nameConflict = (toolName: string, source: ToolSource, reason: string) =>
  new Error(`Cannot register ${source} tool "${toolName}": ${reason}`);

export interface ToolRegistry {
  get(name: string): Tool | undefined;
  list(): Tool[];
  names(): string[];
  /** Adds a tool; built-in names are reserved and duplicates are rejected. */
  register(tool: Tool, source: ToolSource): void;
  unregister(name: string): void;
  isReserved(name: string): boolean;
}

/** Creates a registry whose built-in (and page) tools are reserved for the life of the registry. */
export function createToolRegistry(builtins: Tool[], pageTools: Tool[] = []): ToolRegistry {
  const tools = new Map<string, { tool: Tool; source: ToolSource }>();
  const reserved = new Set<string>();
  const register = (tool: Tool, source: ToolSource): void => {
    if (source !== 'builtin' && source !== 'page' && reserved.has(tool.name)) {
      throw nameConflict(tool.name, source, 'the name is reserved for a built-in tool');
    }
    if (tools.has(tool.name)) throw nameConflict(tool.name, source, 'a tool with this name is already registered');
    tools.set(tool.name, { tool, source });
  };
  for (const tool of builtins) {
    register(tool, 'builtin');
    reserved.add(tool.name);
  }
  for (const tool of pageTools) {
    register(tool, 'page');
    reserved.add(tool.name);
  }
  return {
    get: (name) => tools.get(name)?.tool,
    list: () => [...tools.values()].map((t) => t.tool),
    names: () => [...tools.keys()],
    register,
    unregister(name) {
      if (reserved.has(name)) throw new Error(`Cannot unregister built-in tool "${name}"`);
      tools.delete(name);
    },
    isReserved: (name) => reserved.has(name),
  };
}
