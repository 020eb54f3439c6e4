/**
 * A short conversation title from the first exchange, written by the model that wrote the answer: the
 * conversation's own provider (or the fallback the run moved to), never another one. When that model cannot
 * be reached, the title stays the one made on the device from the question's first words.
 */
import type { ModelRef } from '../agent/model-ref';
import type { ChatModel } from '../providers/chat-model';

export const TITLE_INSTRUCTION =
  'Write a short title (3 to 6 words) for this conversation. Reply with the title only, no quotes.';

const TITLE_MAX = 60;

/** The title made without any model: the question's first words, cut at a word boundary where there is one. */
export function firstWordsTitle(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_MAX) return flat;
  const cut = flat.slice(0, TITLE_MAX + 1);
  const space = cut.lastIndexOf(' ');
  // Scripts written without spaces (Chinese, Japanese) have no word boundary to keep: cut at the limit.
  return (space >= TITLE_MAX / 2 ? cut.slice(0, space) : flat.slice(0, TITLE_MAX)).trimEnd();
}

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

/**
 * Titles written by the model `ref` names (the run's own), given at most `timeoutMs`. Undefined, so the
 * local title stays, when that model is gone (its provider deleted) or its call fails: a title is never
 * worth asking another provider, which the user did not choose for this conversation.
 */
export function createTitleWriter(forRef: (ref: ModelRef) => Promise<ChatModel>, timeoutMs = 20_000) {
  return async (question: string, answer: string, ref: ModelRef): Promise<string | undefined> => {
    try {
      return await generateTitle(await forRef(ref), question, answer, AbortSignal.timeout(timeoutMs));
    } catch (error) {
      console.warn('the conversation keeps its local title:', error);
      return undefined;
    }
  };
}
