/**
 * A continued answer's messages as the next model call sees them: what the model wrote before the user
 * stopped it, then what it wrote when asked to go on. Where the first ends in text and the second begins with
 * text, they are one reply, as the user reads them in one bubble.
 */
import type { ChatMessage } from '../core/chat-message';

export function joinModelMessages(before: ChatMessage[] | undefined, added: ChatMessage[]): ChatMessage[] {
  if (!before?.length) return added;
  const last = before[before.length - 1]!;
  const first = added[0];
  if (last.role !== 'assistant' || first?.role !== 'assistant') return [...before, ...added];
  const tail = last.content[last.content.length - 1];
  const [head, ...rest] = first.content;
  if (tail?.type !== 'text' || head?.type !== 'text') return [...before, ...added];
  const joined: ChatMessage = {
    role: 'assistant',
    content: [...last.content.slice(0, -1), { type: 'text', text: tail.text + head.text }, ...rest],
  };
  return [...before.slice(0, -1), joined, ...added.slice(1)];
}
