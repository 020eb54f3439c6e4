/** How page tools reach the content script of the run's tab: the router type and what its failures mean. */
import type { PageCommandInput, PageCommandName, PageCommandOutput } from '../../page/page-command';
import type { ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { pageGoneError } from './page-gone-error';

/** One command for the page, on behalf of a tool call. */
export interface PageToolCall<K extends PageCommandName = PageCommandName> {
  toolCallId: string;
  toolName: K;
  input: PageCommandInput<K>;
}

export type PageRouteFailure =
  /** The tool ran and failed on the page (its message goes to the model). */
  | { ok: false; reason: 'tool-error'; message: string }
  /** The page went away under the call. */
  | { ok: false; reason: 'tab-closed' | 'navigated' | 'no-receiver'; message?: string };

/** The document a command acted on, and (for commands on a snapshot's keys) which snapshot of it. */
export interface RoutedDocument {
  docId: string;
  url: string;
  snapshotId?: string;
}

export type PageRouteResult<K extends PageCommandName = PageCommandName> =
  /** The document that answered (`snapshotId` only for commands that act on a snapshot: fill_form, click, submit_form, preview). */
  { ok: true; output: PageCommandOutput<K>; doc?: RoutedDocument } | PageRouteFailure;

/** Sends a command to the run's page and resolves with the command's own output type. */
export type RouteToPage = <K extends PageCommandName>(
  call: PageToolCall<K>,
  ctx: ToolContext,
) => Promise<PageRouteResult<K>>;

const goneMessages = {
  'tab-closed': 'The tab was closed before the tool could finish.',
  navigated: 'The page navigated away before the tool could finish; read the new page before acting on it.',
  'no-receiver': 'The page could not be reached (it may still be loading, or it does not allow extensions).',
} as const;

/** The error text the model reads when a page tool could not run. */
export function pageGoneMessage(toolName: string, r: PageRouteFailure): string {
  if (r.reason === 'tool-error') return r.message;
  return `${toolName} failed: ${goneMessages[r.reason]}${r.message ? ` (${r.message})` : ''}`;
}

/** The error a page tool throws for a failed route: the page's own failure, or the page being gone. */
export function pageRouteError(toolName: string, r: PageRouteFailure): ToolError {
  const message = pageGoneMessage(toolName, r);
  return r.reason === 'tool-error' ? new ToolError(message) : pageGoneError(message);
}
