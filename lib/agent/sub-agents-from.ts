/**
 * Sub-agents are prompts like every other: prompts/agent-<name>.md, whose front matter gives the name, the
 * description the delegate tool lists, and the tools it may use; the body is its instructions.
 */
import type { SubAgentDefinition } from '../tools/delegate-tool';
import { parseSkill } from '../tools/parse-skill';
import type { PromptLibrary } from './prompt-library';

const AGENT_PROMPT = /^\/prompts\/agent-[a-z0-9-]+\.md$/;

/** Parses one agent prompt; the `tools:` line is a comma-separated list of tool names. */
export function parseAgentPrompt(text: string): SubAgentDefinition {
  const { name, description, body } = parseSkill(text);
  const tools = /^tools\s*:\s*(.*)$/m.exec(text.split(/\r?\n---/)[0] ?? '')?.[1] ?? '';
  return {
    name,
    description,
    instructions: body,
    tools: tools
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

/** Every sub-agent in the prompt library, by file name. */
export function subAgentsFrom(prompts: PromptLibrary): SubAgentDefinition[] {
  return Object.keys(prompts)
    .filter((path) => AGENT_PROMPT.test(path))
    .sort()
    .map((path) => parseAgentPrompt(prompts[path]!));
}
