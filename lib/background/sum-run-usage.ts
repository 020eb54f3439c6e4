/** The tokens a run used: every completed step's usage, sub-agents' included. */
import type { AgentEvent } from '../agent/agent-event';
import { emptyUsage } from '../providers/chat-model';
import type { Usage } from '../core/usage';

export function sumRunUsage(events: AgentEvent[], into: Usage = emptyUsage()): Usage {
  for (const e of events) {
    if (e.type === 'usage') {
      into.inputTokens += e.usage.inputTokens;
      into.outputTokens += e.usage.outputTokens;
      into.cachedInputTokens += e.usage.cachedInputTokens;
      into.cacheWriteTokens += e.usage.cacheWriteTokens;
    } else if (e.type === 'nested') sumRunUsage([e.event], into);
  }
  return into;
}
