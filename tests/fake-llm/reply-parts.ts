import type { FakeReply } from './fake-reply';
import type { ReplyPart } from './reply-part';
import { splitText } from './split-text';

/**
 * The reply's chunks in sending order: reasoning, then text, then each tool call's argument pieces.
 * A generator, so a text function is only called when its chunk is pulled, i.e. at send time.
 * `toolId(i)` supplies the vendor-shaped id of call i when the script gives none.
 */
export function* replyParts(reply: FakeReply, toolId: (index: number) => string): Generator<ReplyPart> {
  for (const text of reply.reasoning ?? []) yield { kind: 'reasoning', text };

  const { text } = reply;
  if (typeof text === 'function') {
    for (let i = 0; ; i++) {
      const chunk = text(i);
      if (chunk === undefined) break;
      yield { kind: 'text', text: chunk };
    }
  } else {
    for (const chunk of text ?? []) yield { kind: 'text', text: chunk };
  }

  const calls = reply.toolCalls ?? [];
  for (const [call, tc] of calls.entries()) {
    const id = tc.id ?? toolId(call);
    const pieces = splitText(tc.arguments, tc.splitInto ?? 3);
    // A call with empty arguments still needs one part, or it would vanish from the stream.
    for (const piece of pieces.length ? pieces : ['']) {
      yield { kind: 'tool-args', call, id, name: tc.name, text: piece };
    }
  }
}
