/** How page tools reach the content script; the lead implements the routing, the runtime only interprets it. */
import type { ToolContext } from '../define-tool';

export interface PageToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export type PageRouteResult =
  | { ok: true; output: unknown }
  /** The tool ran and failed on the page (its message goes to the model). */
  | { ok: false; reason: 'tool-error'; message: string }
  /** The page went away under the call. */
  | { ok: false; reason: 'tab-closed' | 'navigated' | 'no-receiver'; message?: string };

export type RouteToPage = (call: PageToolCall, ctx: ToolContext) => Promise<PageRouteResult>;

const goneMessages = {
  'tab-closed': 'The tab was closed before the tool could finish.',
  navigated: 'The page navigated away before the tool could finish; read the new page before acting on it.',
  'no-receiver': 'The page could not be reached (it may still be loading, or it does not allow extensions).',
} as const;

/** The error text the model reads when a page tool could not run. */
export function pageGoneMessage(toolName: string, r: Extract<PageRouteResult, { ok: false }>): string {
  if (r.reason === 'tool-error') return r.message;
  return `${toolName} failed: ${goneMessages[r.reason]}${r.message ? ` (${r.message})` : ''}`;
}
