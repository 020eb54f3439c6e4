/** A short conversation title from the first exchange, written by the conversation's own model. */
import type { ChatModel } from '../providers/chat-model';

export const TITLE_INSTRUCTION =
  'Write a short title (3 to 6 words) for this conversation. Reply with the title only, no quotes.';

export async function generateTitle(
  model: ChatModel,
  question: string,
  answer: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  let text = '';
  const call = {
    system: TITLE_INSTRUCTION,
    maxOutputTokens: 30,
    messages: [
      {
        role: 'user' as const,
        content: [
          { type: 'text' as const, text: `Question: ${question.slice(0, 2000)}\n\nAnswer: ${answer.slice(0, 2000)}` },
        ],
      },
    ],
  };
  for await (const part of model.stream(call, signal)) if (part.type === 'text-delta') text += part.delta;
  const title = text
    .replace(/^["'“”‘’\s#*]+|["'“”‘’\s.*]+$/g, '')
    .replace(/\s+/g, ' ')
    .slice(0, 80);
  return title || undefined;
}

/** Titles written by the default model, given at most `timeoutMs`; undefined when no model is set up. */
export function createTitleWriter(defaultModel: () => Promise<ChatModel | undefined>, timeoutMs = 20_000) {
  return async (question: string, answer: string): Promise<string | undefined> => {
    const model = await defaultModel();
    return model ? generateTitle(model, question, answer, AbortSignal.timeout(timeoutMs)) : undefined;
  };
}
