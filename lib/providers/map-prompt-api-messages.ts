/**
 * ChatCall → the Prompt API's initial prompts plus the text to prompt with. Pure. The built-in model has no
 * tool calling, so earlier tool calls and results (from another model in the same conversation) become text.
 */
import { toolResultText } from './tool-result-image';
import type { ChatCall } from './chat-model';
import type { ChatMessage } from '../core/chat-message';
import type { LanguageModelMessage } from './language-model-api';

function textOf(m: ChatMessage): string {
  if (m.role === 'user') return m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n\n');
  if (m.role === 'assistant') {
    return m.content
      .flatMap((p) => (p.type === 'text' ? [p.text] : p.type === 'tool-call' ? [`[called ${p.toolName}]`] : []))
      .join('');
  }
  return m.content.map((r) => `[${r.toolName} returned]\n${toolResultText(r)}`).join('\n\n');
}

export function mapPromptApiMessages(call: ChatCall): { initialPrompts: LanguageModelMessage[]; prompt: string } {
  const messages = [...call.messages];
  const last = messages.at(-1);
  const prompt = last && last.role !== 'assistant' ? textOf(messages.pop()!) : '';
  const initialPrompts: LanguageModelMessage[] = call.system ? [{ role: 'system', content: call.system }] : [];
  for (const m of messages) {
    const content = textOf(m);
    if (!content) continue;
    // Tool results read as what the user's side supplied: the API knows only system, user and assistant.
    initialPrompts.push({ role: m.role === 'assistant' ? 'assistant' : 'user', content });
  }
  return { initialPrompts, prompt };
}
