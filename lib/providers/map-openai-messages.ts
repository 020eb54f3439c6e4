/** ChatCall → OpenAI Chat Completions request messages and tools. Pure. */
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatCall } from './chat-model';

export function mapOpenAIMessages(call: ChatCall): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (call.system) out.push({ role: 'system', content: call.system });
  for (const m of call.messages) {
    if (m.role === 'user') {
      out.push({ role: 'user', content: m.content.map((p) => p.text).join('\n\n') });
    } else if (m.role === 'assistant') {
      const text = m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
      const toolCalls = m.content.flatMap((p) =>
        p.type === 'tool-call'
          ? [{ id: p.toolCallId, type: 'function' as const, function: { name: p.toolName, arguments: JSON.stringify(p.input ?? {}) } }]
          : [],
      );
      out.push({ role: 'assistant', content: text || null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) });
    } else {
      for (const r of m.content) out.push({ role: 'tool', tool_call_id: r.toolCallId, content: r.output });
    }
  }
  return out;
}

export function mapOpenAITools(call: ChatCall): ChatCompletionTool[] | undefined {
  if (!call.tools?.length) return undefined;
  return call.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.inputSchema },
  }));
}
