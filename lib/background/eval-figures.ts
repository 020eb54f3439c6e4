/**
 * What one compared run came to, read from what it left: its answer's record (status, tokens, the price stamped
 * on it) and its journal's events (steps and tool calls of the run itself; a sub-agent's are inside its call).
 * The cost is the panel's own: the price the user set for a custom server's model, else the catalog's list price
 * for a vendor's model at its own endpoint, else unknown.
 */
import type { AgentEvent } from '../agent/agent-event';
import { costOf, priceOf } from '../providers/model-prices';
import type { MessageRecord } from '../storage/records';

export interface RunFigures {
  steps: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd?: number;
}

/** The model id inside an answer's "provider · model" label. */
const modelIdOf = (label: string | undefined) => label?.split(' · ').at(-1)?.trim() ?? '';

export function costOfAnswer(answer: Pick<MessageRecord, 'price' | 'unpriced' | 'model' | 'usage'>) {
  if (!answer.usage) return undefined;
  const price = answer.price ?? (answer.unpriced ? undefined : priceOf(modelIdOf(answer.model)));
  return price ? costOf(price, answer.usage).costUsd : undefined;
}

export function runFigures(answer: MessageRecord, events: AgentEvent[]): RunFigures {
  const steps = new Set<number>();
  const calls = new Set<string>();
  for (const e of events) {
    if (e.type === 'step-start') steps.add(e.step);
    else if (e.type === 'tool-call-start' && !e.parentToolCallId) calls.add(e.toolCallId);
  }
  const cost = costOfAnswer(answer);
  return {
    steps: steps.size,
    toolCalls: calls.size,
    inputTokens: answer.usage?.inputTokens ?? 0,
    outputTokens: answer.usage?.outputTokens ?? 0,
    ...(cost !== undefined ? { costUsd: cost } : {}),
  };
}
