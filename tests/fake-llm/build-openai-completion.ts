import { fakeId } from './fake-id';
import { mapStopReason } from './map-stop-reason';
import { openaiUsage } from './openai-usage';
import type { ReplyOutcome } from './reply-outcome';
import type { ReplyPart } from './reply-part';

/** A non-streaming `chat.completion` body holding all of a reply's parts. */
export function buildOpenAiCompletion(parts: ReplyPart[], outcome: ReplyOutcome, model: string) {
  const reasoning = parts.filter((p) => p.kind === 'reasoning');
  const text = parts.filter((p) => p.kind === 'text').map((p) => p.text);
  const calls = new Map<number, { id: string; type: 'function'; function: { name: string; arguments: string } }>();
  for (const p of parts) {
    if (p.kind !== 'tool-args') continue;
    const call = calls.get(p.call) ?? { id: p.id, type: 'function', function: { name: p.name, arguments: '' } };
    call.function.arguments += p.text;
    calls.set(p.call, call);
  }
  return {
    id: fakeId('chatcmpl-', 29),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          // OpenAI sends null, not '', when the model only called tools.
          content: text.length ? text.join('') : null,
          refusal: null,
          annotations: [],
          ...(reasoning.length ? { reasoning_content: reasoning.map((p) => p.text).join('') } : {}),
          ...(calls.size ? { tool_calls: [...calls.values()] } : {}),
        },
        logprobs: null,
        finish_reason: mapStopReason('openai', outcome.stopReason),
      },
    ],
    usage: openaiUsage(outcome, Math.min(reasoning.length, outcome.outputTokens)),
    service_tier: 'default',
    system_fingerprint: 'fp_fake',
  };
}
