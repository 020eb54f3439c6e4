/**
 * The page agent's one question to the background: a page tool it is calling for a run asks the user to
 * interact with the page (WebMCP `requestUserInteraction`). The background answers only for a call it made to
 * this very tab, frame and document, and only while that call runs; `go` is the user's Continue.
 */
import { defineProtocol, type Route } from '../messaging/define-protocol';

export interface ToolAskInput {
  runId: string;
  toolCallId: string;
}

export type ToolAskRoutes = {
  ask: Route<ToolAskInput, { go: boolean }>;
};

export const toolAskProtocol = defineProtocol<ToolAskRoutes>('tool-ask');
