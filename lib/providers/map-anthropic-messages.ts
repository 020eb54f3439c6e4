/**
 * ChatCall → Anthropic Messages request parts. Pure. Adds the three prompt-cache breakpoints: the last system
 * block, the last tool, and the last content block of the second-to-last message (so the stable prefix of the
 * conversation is cached and only the newest turn is new).
 */
import type {
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ChatCall } from './chat-model';
import { splitToolResultImage } from './tool-result-image';

const ephemeral = { type: 'ephemeral' as const };

export function mapAnthropicSystem(call: ChatCall): TextBlockParam[] | undefined {
  if (!call.system) return undefined;
  return [{ type: 'text', text: call.system, cache_control: ephemeral }];
}

export function mapAnthropicTools(call: ChatCall): Tool[] | undefined {
  if (!call.tools?.length) return undefined;
  return call.tools.map((t, i, all) => ({
    name: t.name,
    description: t.description,
    input_schema: t.inputSchema as Tool['input_schema'],
    ...(i === all.length - 1 ? { cache_control: ephemeral } : {}),
  }));
}

export function mapAnthropicMessages(call: ChatCall): MessageParam[] {
  const out: MessageParam[] = [];
  for (const m of call.messages) {
    let blocks: ContentBlockParam[];
    if (m.role === 'user') {
      blocks = m.content.map((p): ContentBlockParam =>
        p.type === 'image'
          ? { type: 'image', source: { type: 'base64', media_type: p.mediaType, data: p.data } }
          : { type: 'text', text: p.text },
      );
    } else if (m.role === 'assistant') {
      blocks = m.content.flatMap((p): ContentBlockParam[] => {
        if (p.type === 'text') return p.text ? [{ type: 'text', text: p.text }] : [];
        if (p.type === 'tool-call')
          return [{ type: 'tool_use', id: p.toolCallId, name: p.toolName, input: p.input ?? {} }];
        // Thinking can only be replayed with its signature; unsigned reasoning (from another vendor) is dropped.
        return p.signature ? [{ type: 'thinking', thinking: p.text, signature: p.signature }] : [];
      });
    } else {
      blocks = m.content.map((r) => {
        const { text, image } = splitToolResultImage(r);
        const images = [...(image ? [image] : []), ...(r.images ?? [])];
        const content = images.length
          ? [
              { type: 'text' as const, text },
              ...images.map((i) => ({
                type: 'image' as const,
                source: { type: 'base64' as const, media_type: i.mediaType, data: i.data },
              })),
            ]
          : r.output;
        return { type: 'tool_result', tool_use_id: r.toolCallId, content, is_error: r.isError ?? false };
      });
    }
    const role = m.role === 'assistant' ? 'assistant' : 'user';
    const prev = out[out.length - 1];
    // Anthropic wants alternating roles: tool results and a following user text share one user turn.
    if (prev && prev.role === role && Array.isArray(prev.content)) prev.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  const target = out[out.length - 2];
  if (target && Array.isArray(target.content)) {
    const last = target.content[target.content.length - 1];
    if (last && last.type !== 'thinking' && last.type !== 'redacted_thinking') {
      (last as { cache_control?: typeof ephemeral }).cache_control = ephemeral;
    }
  }
  return out;
}
