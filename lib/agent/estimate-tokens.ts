import type { ChatMessage } from '../core/chat-message';
import { estimateTokensByScript } from '../providers/tokens/estimate-tokens-by-script';
import type { EstimateTokens, LiveRun, RuntimeDeps } from './run-context';

/** Counts a text's tokens; injected so the model's own tokenizer can stand in. */

/** The per-script estimate (lib/providers/tokens), for a model whose tokenizer Tabwise cannot run. */
export const estimateTokens: EstimateTokens = estimateTokensByScript;

/** The counter for a run's model: its own tokenizer when the runtime has one for it, else the estimate. */
export function tokensOf(
  live: Pick<LiveRun, 'model'>,
  deps: Pick<RuntimeDeps, 'tokenCounter' | 'estimateTokens'>,
): EstimateTokens {
  return deps.tokenCounter?.counterFor(live.model) ?? deps.estimateTokens;
}

/** A message's estimated size, with a small per-part overhead for roles and wrappers. */
export function estimateMessageTokens(message: ChatMessage, estimate: EstimateTokens): number {
  let n = 4;
  for (const part of message.content) {
    if (part.type === 'text' || part.type === 'reasoning') n += estimate(part.text);
    else if (part.type === 'tool-call') n += estimate(part.toolName) + estimate(JSON.stringify(part.input) ?? '') + 4;
    // An attached image: what the vendors bill for a picture of about a megapixel.
    else if (part.type === 'image') n += 1_600;
    else n += estimate(part.output) + 4;
  }
  return n;
}
