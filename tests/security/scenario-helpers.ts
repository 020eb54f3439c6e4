/** Small helpers the security runners share: scripting the compromised model and reading what it was sent. */
import type { Locator, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import { assistantMessages, chatRequests, expect } from '../e2e/fixtures';
import { unwrapUntrusted } from './untrusted-block';

/** A model reply that calls one tool. */
export const call = (name: string, args: unknown = {}) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });

/** The panel's card of a tool call. */
export const card = (panel: Page, tool: string) => panel.locator(`.tool-card[data-tool="${tool}"]`);

/** Resolves once the latest answer has completed. */
export const finished = (panel: Page, timeout?: number) =>
  expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', timeout ? { timeout } : undefined);

/**
 * Waits for the tool call's card to settle and approves it if it asks (as a user who trusts the card's
 * origin would); a call refused before any card (bad arguments, a key outside the snapshot) just finishes.
 * Returns whether it was approved.
 */
export async function approveIfAsked(
  panel: Page,
  tool: string,
  approve: (c: Locator) => Promise<unknown>,
  timeout = 20_000,
): Promise<boolean> {
  const c = card(panel, tool).last();
  await expect(c).toHaveAttribute('data-status', /awaiting-approval|done|error/, { timeout });
  if ((await c.getAttribute('data-status')) !== 'awaiting-approval') return false;
  await approve(c);
  return true;
}

/** The user denies, in order, each of these tools' latest card that asks; returns the tools denied. */
export async function denyEachAsked(panel: Page, tools: string[], timeout?: number): Promise<string[]> {
  const denied: string[] = [];
  for (const tool of tools) {
    if (await approveIfAsked(panel, tool, (c) => c.getByRole('button', { name: 'Deny' }).click(), timeout))
      denied.push(tool);
  }
  return denied;
}

type WireMessage = {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string } }[];
};

/** The result of the latest `toolName` call as the model received it (OpenAI wire: role "tool" messages), out of its marked block. */
export function toolResult(llm: FakeLlm, toolName: string): string {
  const raw = rawToolResult(llm, toolName);
  if (raw === undefined) throw new Error(`the model never received a result of ${toolName}`);
  return unwrapUntrusted(raw);
}

/** The same, still in its marked block; undefined when the model never received one. */
export function rawToolResult(llm: FakeLlm, toolName: string): string | undefined {
  for (const req of [...chatRequests(llm, '/v1/chat/completions')].reverse()) {
    const messages = (req.body as { messages: WireMessage[] }).messages;
    const names = new Map(messages.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name]));
    const found = messages.filter((m) => m.role === 'tool' && names.get(m.tool_call_id ?? '') === toolName).at(-1);
    if (found) return typeof found.content === 'string' ? found.content : JSON.stringify(found.content);
  }
  return undefined;
}
