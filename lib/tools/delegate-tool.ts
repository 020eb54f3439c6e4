import { z } from 'zod';
import { defineTool, type Tool } from './define-tool';

/** A sub-agent: its own instructions and a subset of the runtime's tools. */
export interface SubAgentDefinition {
  name: string;
  description: string;
  instructions: string;
  /** Tool names it may use; include 'delegate' to let it delegate further (depth is capped at 3). */
  tools: string[];
}

/** delegate: hands a self-contained task to a sub-agent; the runtime runs it nested under this call. */
export function createDelegateTool(agents: SubAgentDefinition[]): Tool {
  const names = agents.map((a) => a.name);
  return defineTool({
    name: 'delegate',
    input: z.object({
      agent: z.string().describe(`One of: ${names.join(', ') || '(no agents configured)'}`),
      task: z.string().min(1).describe('All it needs: it does not see this chat.'),
    }),
    readOnly: false,
    timeoutMs: 5 * 60_000,
    execute: ({ agent, task }, ctx) => ctx.delegate({ agent, task }),
  }) as Tool;
}
