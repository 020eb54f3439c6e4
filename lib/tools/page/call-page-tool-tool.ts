/**
 * call_page_tool: the model's way to use a tool the page offers of its own (WebMCP: a form declared with
 * `toolname`, or a tool a page script registered). One tool with the page tool's name as an argument, rather
 * than one model tool per page tool: the page's names and words stay inside the snapshot's untrusted block
 * (never in the request's tool list, where they would read as the extension's own), the tool list does not
 * change from page to page (prompt caching holds), and every call passes one gate.
 */
import { z } from 'zod';
import { PAGE_TOOL_NAME } from '../../page/page-tool-info';
import { validateToolArgs } from '../../page/validate-tool-args';
import { toolIdentity } from '../../page/tool-identity';
import { t } from '../../util/t';
import { collapseLabel } from '../collapse-label';
import { defineTool, type ActionTarget, type Tool, type ToolContext, type WrittenValue } from '../define-tool';
import { formatApprovalPreview } from '../format-approval-preview';
import { originOf } from '../origin-of';
import { ToolError } from '../tool-error';
import { pageGoneError } from './page-gone-error';
import { pageRouteError, type PageRouteResult, type PageToolCall, type RouteToPage } from './page-router';
import type { PageTargetStore } from './page-target-store';
import type { PageToolAsks } from './page-tool-asks';
import { pageToolPolicy, shownTool } from './page-tool-policy';
import { NO_SNAPSHOT } from './route-to-page';

export const callPageToolInput = z.object({
  name: z.string().regex(PAGE_TOOL_NAME).describe('The name of a tool in the snapshot’s pageTools.'),
  arguments: z.record(z.string(), z.unknown()).default({}).describe('Arguments, as the tool’s inputSchema says.'),
});
type CallPageToolInput = z.output<typeof callPageToolInput>;

export interface CallPageToolDeps {
  routeToPage: RouteToPage;
  onPage(
    toolName: string,
    call: PageToolCall<'call_tool'>,
    ctx: ToolContext,
  ): Promise<Extract<PageRouteResult<'call_tool'>, { ok: true }>>;
  store(): PageTargetStore;
  /** Where a running call's requests to interact (WebMCP requestUserInteraction) are bound and answered. */
  asks?: PageToolAsks;
  /** Brings the run's tab forward once the user chose to continue on the page. */
  focusTab?: (tabId: number) => Promise<void>;
}

/** Every string and number in the arguments, under its path: the egress gate compares them with what the run read elsewhere. */
function leaves(value: unknown, path: string, out: WrittenValue[]): WrittenValue[] {
  if (typeof value === 'string' || typeof value === 'number') out.push({ field: path, value: String(value) });
  else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** The site a target is on, as the card names it. */
const hostOf = (origin: string | undefined) => (origin ? (URL.canParse(origin) ? new URL(origin).host : origin) : '');

/** The card's lines: which tool of which site, the page's description as its words, what kind of tool, the arguments. */
function previewLines(input: CallPageToolInput, target: ActionTarget | undefined): string {
  const tool = shownTool(target);
  const host = hostOf(target?.origin);
  const lines = [t('page_tool_preview_call', input.name, host)];
  if (tool?.name) lines.push(t('page_tool_preview_description', collapseLabel(tool.name, 300)));
  lines.push(t(tool?.role === 'read-only tool' ? 'page_tool_preview_read_only' : 'page_tool_preview_consequential'));
  if (tool?.action)
    lines.push(t('page_tool_preview_submits', (tool.method ?? 'get').toUpperCase(), collapseLabel(tool.action, 300)));
  lines.push(formatApprovalPreview(t('page_tool_preview_arguments'), input.arguments));
  return lines.join('\n');
}

/**
 * Opens the call to its page's requests to interact, for as long as it runs: each is shown on the call's card
 * (the site, the tool and the page's description as its words) and answered by the user; Continue brings the
 * run's tab forward, where the page's own dialog is.
 */
function openAsks(input: CallPageToolInput, ctx: ToolContext, deps: Pick<CallPageToolDeps, 'asks' | 'focusTab'>) {
  const origin = ctx.target?.origin;
  const ask = ctx.askPageInteraction;
  if (!deps.asks || ctx.tabId === undefined || !origin || !ask) return () => {};
  const tabId = ctx.tabId;
  return deps.asks.open({
    runId: ctx.runId,
    toolCallId: ctx.toolCallId,
    tabId,
    frameId: ctx.frameId ?? 0,
    origin,
    async ask() {
      const words = collapseLabel(shownTool(ctx.target)?.name ?? '', 300);
      const go = await ask({ site: hostOf(origin), tool: input.name, words });
      if (go) await deps.focusTab?.(tabId).catch((e: unknown) => console.warn('Tabwise: could not focus the tab', e));
      return go;
    },
  });
}

export function createCallPageTool({ routeToPage, onPage, store, asks, focusTab }: CallPageToolDeps): Tool {
  /** Where the call lands: a tool the run's last snapshot of this frame listed, as the page describes it now. */
  const locate = async (input: CallPageToolInput, ctx: ToolContext): Promise<ActionTarget | undefined> => {
    if (ctx.tabId !== undefined) {
      const snap = await store().snapshotDocument(ctx.runId, { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 });
      if (!snap) throw new ToolError(NO_SNAPSHOT);
      if (!snap.summary?.pageTools?.includes(input.name))
        throw new ToolError(
          `Refused: "${input.name}" is not a tool the last snapshot of this page listed in pageTools; call get_page_state to see what the page offers. Nothing was done.`,
        );
    }
    const r = await routeToPage(
      { toolCallId: ctx.toolCallId, toolName: 'describe_tool', input: { name: input.name } },
      ctx,
    );
    if (!r.ok && r.reason === 'navigated')
      throw pageGoneError(
        `Refused: the page navigated or reloaded since the snapshot, so call_page_tool did nothing. Call get_page_state again.`,
      );
    if (!r.ok) throw pageRouteError('call_page_tool', r);
    if (!r.output)
      throw new ToolError(
        `Refused: the page no longer offers a tool named "${input.name}"; call get_page_state again. Nothing was done.`,
      );
    const errors = validateToolArgs(r.output.inputSchema, input.arguments);
    if (errors.length)
      throw new ToolError(`Invalid arguments for page tool "${input.name}": ${errors.join('; ')}. Nothing was done.`);
    const doc = r.doc;
    if (!doc) return undefined;
    return {
      origin: originOf(doc.url),
      documentId: doc.docId,
      ...(doc.snapshotId ? { snapshotId: doc.snapshotId } : {}),
      shown: [toolIdentity(r.output)],
      ...(r.output.action ? { destination: r.output.action } : {}),
    };
  };

  return defineTool({
    name: 'call_page_tool',
    input: callPageToolInput,
    runsIn: 'page',
    // What the page's code does is unknown to us: after a worker restart mid-call it is never repeated.
    readOnly: false,
    needsApproval: true,
    untrustedOutput: 'page_content',
    async offered(ctx) {
      if (ctx.tabId === undefined) return false;
      const snap = await store().snapshotDocument(ctx.runId, { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 });
      return !!snap?.summary?.pageTools?.length;
    },
    locate,
    callPolicy: (_input, target) => pageToolPolicy(target),
    writtenValues: (input) => leaves(input.arguments, '', []),
    preview: (input, ctx) => previewLines(input, ctx.target),
    async execute(input, ctx) {
      const call = {
        toolCallId: ctx.toolCallId,
        toolName: 'call_tool' as const,
        input: { name: input.name, args: input.arguments },
      };
      const close = openAsks(input, ctx, { asks, focusTab });
      try {
        return (await onPage('call_page_tool', call, ctx)).output;
      } finally {
        close();
      }
    },
  });
}
