/**
 * The stored conversation as the next model call sees it. Each answer contributes what its run added (tool
 * calls and results included); tool calls left without a result by a stopped run are dropped, because both
 * vendors refuse a tool call that has no result. A user message names its @-mentioned tabs in place.
 */
import type { ChatMessage } from '../core/chat-message';
import { mentionsForModel } from '../core/message-mention';
import type { MessageRecord } from '../storage/records';

export function toModelHistory(records: MessageRecord[]): ChatMessage[] {
  const raw = records.flatMap((m): ChatMessage[] => {
    // A mentioned tab is named where the user put it, by its id: `@tab 12` (its title stays in the untrusted block).
    if (m.role === 'user')
      return [{ role: 'user', content: [{ type: 'text', text: mentionsForModel(m.text, m.mentions) }] }];
    if (m.modelMessages?.length) return m.modelMessages;
    if (m.status === 'error' || m.status === 'streaming' || !m.text) return [];
    return [{ role: 'assistant', content: [{ type: 'text', text: m.text }] }];
  });
  const answered = new Set(raw.flatMap((m) => (m.role === 'tool' ? m.content.map((r) => r.toolCallId) : [])));
  const called = new Set(
    raw.flatMap((m) =>
      m.role === 'assistant' ? m.content.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : [])) : [],
    ),
  );
  return raw.flatMap((m): ChatMessage[] => {
    if (m.role === 'assistant') {
      const content = m.content.filter((p) => p.type !== 'tool-call' || answered.has(p.toolCallId));
      return content.length ? [{ ...m, content }] : [];
    }
    if (m.role === 'tool') {
      const content = m.content.filter((r) => called.has(r.toolCallId));
      return content.length ? [{ ...m, content }] : [];
    }
    return [m];
  });
}
