/**
 * The page tool calls that may ask the user something (WebMCP `requestUserInteraction`), and the one way such a
 * request reaches a card: the page agent's `tool-ask` message. A request is answered only for a call_page_tool
 * call that is running now, from the very tab and frame it was sent to, on the origin it was approved on; at most
 * `MAX_ASKS` a call, one at a time. Anything else is refused (the page is told no), and nothing is shown.
 */
import { z } from 'zod';
import type { Validators } from '../../messaging/dispatch';
import type { ToolAskInput, ToolAskRoutes } from '../../page/tool-ask-protocol';

/** How many times one call may ask: a page that floods is refused after this. */
export const MAX_ASKS = 3;

/** One running call, where it runs, and how its card asks. */
export interface AskBinding {
  runId: string;
  toolCallId: string;
  tabId: number;
  frameId: number;
  origin: string;
  ask(): Promise<boolean>;
}

/** Who sent a request, as chrome.runtime.MessageSender says. */
export interface AskSender {
  tab?: { id?: number };
  frameId?: number;
  origin?: string;
  url?: string;
}

const id = z.string().min(1).max(200);
export const toolAskValidators: Validators<ToolAskRoutes> = {
  ask: z.strictObject({ runId: id, toolCallId: id }) satisfies z.ZodType<ToolAskInput>,
};

const originOfSender = (s: AskSender) => s.origin ?? (s.url && URL.canParse(s.url) ? new URL(s.url).origin : undefined);

export function createPageToolAsks() {
  const calls = new Map<string, AskBinding & { asks: number; asking: boolean }>();
  return {
    /** Opens `binding` for the call's duration; the returned function closes it (the call ended). */
    open(binding: AskBinding): () => void {
      const entry = { ...binding, asks: 0, asking: false };
      calls.set(binding.toolCallId, entry);
      return () => {
        if (calls.get(binding.toolCallId) === entry) calls.delete(binding.toolCallId);
      };
    },
    /** The user's answer to a validated request from `sender`; throws (the page is told no) when it is refused. */
    async handle(input: ToolAskInput, sender: AskSender): Promise<{ go: boolean }> {
      const call = calls.get(input.toolCallId);
      if (
        !call ||
        call.runId !== input.runId ||
        sender.tab?.id !== call.tabId ||
        (sender.frameId ?? 0) !== call.frameId ||
        originOfSender(sender) !== call.origin
      )
        throw new Error('Refused: no call of this page tool is running here.');
      if (call.asking || call.asks >= MAX_ASKS) throw new Error('Refused: this call already asked as often as it may.');
      call.asks++;
      call.asking = true;
      try {
        return { go: await call.ask() };
      } finally {
        call.asking = false;
      }
    },
  };
}

export type PageToolAsks = ReturnType<typeof createPageToolAsks>;
