import { anthropicUsage } from './anthropic-usage';
import { mapStopReason } from './map-stop-reason';
import type { ReplyOutcome } from './reply-outcome';
import type { ReplyPart } from './reply-part';

/** Parses tool arguments; a script with broken JSON gets `{}` here, since a JSON body cannot carry it raw. */
function parseInput(json: string): unknown {
  try {
    return json ? JSON.parse(json) : {};
  } catch {
    return {};
  }
}

/** A non-streaming Messages API body: thinking, text and tool_use blocks in sending order. */
export function buildAnthropicMessage(
  parts: ReplyPart[],
  outcome: ReplyOutcome,
  model: string,
  id: string,
  signature: string,
) {
  const reasoning = parts.filter((p) => p.kind === 'reasoning').map((p) => p.text);
  const text = parts.filter((p) => p.kind === 'text').map((p) => p.text);
  const calls = new Map<number, { id: string; name: string; json: string }>();
  for (const p of parts) {
    if (p.kind !== 'tool-args') continue;
    const call = calls.get(p.call) ?? { id: p.id, name: p.name, json: '' };
    call.json += p.text;
    calls.set(p.call, call);
  }
  const content = [
    ...(reasoning.length ? [{ type: 'thinking', thinking: reasoning.join(''), signature }] : []),
    ...(text.length ? [{ type: 'text', text: text.join('') }] : []),
    ...[...calls.values()].map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: parseInput(c.json) })),
  ];
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: mapStopReason('anthropic', outcome.stopReason),
    stop_sequence: null,
    usage: anthropicUsage(outcome),
  };
}
