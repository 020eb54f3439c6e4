import type { FakeStopReason } from './fake-reply';
import type { Wire } from './recorded-request';

const names: Record<Wire, Record<FakeStopReason, string>> = {
  openai: { stop: 'stop', length: 'length', tool_calls: 'tool_calls' },
  anthropic: { stop: 'end_turn', length: 'max_tokens', tool_calls: 'tool_use' },
};

/** The vendor's own name for a scripted stop reason (`finish_reason` / `stop_reason`). */
export function mapStopReason(wire: Wire, reason: FakeStopReason): string {
  return names[wire][reason];
}
