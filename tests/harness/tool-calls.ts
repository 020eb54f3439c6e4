/**
 * The shapes end-to-end specs script and read tool calls with: a fake LLM reply that calls one tool, the
 * panel's card for a tool, and the tool results the model was sent (OpenAI wire: role "tool" messages).
 */
import type { Page } from '@playwright/test';

/** A fake LLM reply that calls `name` with `args`. */
export const toolCall = (name: string, args: unknown = {}) => ({
  toolCalls: [{ name, arguments: JSON.stringify(args) }],
});

/** Every card the panel shows for `tool`. */
export const toolCard = (panel: Page, tool: string) => panel.locator(`.tool-card[data-tool="${tool}"]`);

/** Every tool result in one request body, in order, as the model received them (still wrapped). */
export function toolResults(body: unknown): string[] {
  const messages = (body as { messages: { role: string; content: unknown }[] }).messages;
  return messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
}
