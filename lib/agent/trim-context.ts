/**
 * Fits history into the model's context window. Order of sacrifice (cheapest information first): oversized
 * tool results are shortened, then old reasoning goes, then old tool results are replaced with a stub, then
 * whole old turns are dropped. The latest user message is never dropped, and every cut leaves a visible note.
 */
import type { ChatMessage } from '../core/chat-message';
import { estimateMessageTokens } from './estimate-tokens';
import type { EstimateTokens } from './run-context';
import { truncateUntrusted } from './wrap-untrusted';

/** How many of each thing were cut (0: none). */
export interface TrimCuts {
  truncated: number;
  reasoning: number;
  stubbed: number;
  dropped: number;
}

export interface TrimResult {
  messages: ChatMessage[];
  /** The model's account of what was cut (English, also written before the first kept turn when turns were dropped); undefined when nothing was. */
  note?: string;
  /** The counts behind the note, from which the user's notice is said in their language (describe-trim.ts). */
  cuts?: TrimCuts;
}

const total = (m: ChatMessage[], e: EstimateTokens) => m.reduce((n, x) => n + estimateMessageTokens(x, e), 0);

/** Trims `messages` to at most `budget` estimated tokens (best effort: the latest user message always stays). */
export function trimContext(input: ChatMessage[], budget: number, estimate: EstimateTokens): TrimResult {
  // Cloning only when cutting: the common case (it fits) runs every step and must stay cheap.
  if (total(input, estimate) <= budget) return { messages: input };
  const messages = structuredClone(input);
  const notes: string[] = [];
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');

  // 1. No single tool result may take more than a quarter of the budget, in the model's tokens: the cut keeps
  // the share of characters that fits (a CJK or code result has far fewer characters a token than prose).
  const maxTokens = Math.floor(budget / 4);
  let truncated = 0;
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    for (const p of m.content) {
      const tokens = estimate(p.output);
      const maxChars = Math.max(400, Math.floor((p.output.length * maxTokens) / Math.max(1, tokens)));
      if (tokens > maxTokens && p.output.length > maxChars) {
        const cut = p.output.length - maxChars;
        p.output = truncateUntrusted(p.output, maxChars, `[… ${cut} characters trimmed to fit the context window]`);
        truncated++;
      }
    }
  }
  if (truncated) notes.push(`shortened ${truncated} large tool result(s)`);

  // 2. Old reasoning, oldest first (never the latest assistant turn, which may carry a signed block in use).
  const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
  let reasoning = 0;
  for (let i = 0; i < messages.length && total(messages, estimate) > budget; i++) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || i === lastAssistant) continue;
    const before = m.content.length;
    m.content = m.content.filter((p) => p.type !== 'reasoning');
    reasoning += before - m.content.length;
  }
  if (reasoning) notes.push(`removed ${reasoning} old reasoning block(s)`);

  // 3. Old tool results, oldest first, become a stub (the call/result pairing must stay intact).
  let stubbed = 0;
  for (let i = 0; i < messages.length && total(messages, estimate) > budget; i++) {
    const m = messages[i]!;
    if (m.role !== 'tool' || i > lastUser) continue;
    for (const p of m.content) {
      if (!p.output.startsWith('[Result removed')) {
        p.output = `[Result removed to fit the context window (${p.output.length} characters)]`;
        stubbed++;
      }
    }
  }
  if (stubbed) notes.push(`replaced ${stubbed} old tool result(s) with a stub`);

  // 4. Whole turns from the start, never past the latest user message; the history must begin with a user turn.
  let dropped = 0;
  let keepFrom = 0;
  while (total(messages.slice(keepFrom), estimate) > budget && keepFrom < lastUser) {
    keepFrom++;
    while (keepFrom < lastUser && messages[keepFrom]!.role !== 'user') keepFrom++;
  }
  dropped = keepFrom;
  const kept = messages.slice(keepFrom);
  if (dropped) notes.push(`dropped ${dropped} earliest message(s)`);

  const note = notes.length ? `Context trimmed to fit the model's window: ${notes.join('; ')}.` : undefined;
  if (dropped && note) {
    const first = kept[0];
    if (first?.role === 'user') first.content.unshift({ type: 'text', text: `[${note}]` });
  }
  return note ? { messages: kept, note, cuts: { truncated, reasoning, stubbed, dropped } } : { messages: kept };
}
