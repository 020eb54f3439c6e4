/**
 * lib/tools/page: the page tools, the model's hands on the page, and their routing to the run's tab. Each
 * tool's execute sends its command through the router it is created with; the page agent in the content
 * script (lib/page) does the work. A route failure is thrown as a ToolError the runtime reports as is.
 */
import type { PageCommandName, PageCommandOutput } from '../../page/page-command';
import { defineTool, type Tool, type ToolContext } from '../define-tool';
import { formatFillPreview } from './format-fill-preview';
import {
  clickInput,
  fillFormInput,
  getFormStateInput,
  getPageStateInput,
  readPageInput,
  submitFormInput,
} from './page-tool-inputs';
import { createActTools } from './act-tools';
import { createFillPasswordTool } from './fill-password-tool';
import { createScreenshotTool } from './screenshot-tool';
import { createCallPageTool } from './call-page-tool-tool';
import { ToolError } from '../tool-error';
import { pageRouteError, type PageToolCall, type RouteToPage } from './page-router';
import { createPageTargetStore, type PageTargetStore } from './page-target-store';
import { originOf } from '../origin-of';
import { createLocate, createPreviewAction } from './locate-page-call';
import type { ReadDocumentTab } from './read-document-tab';
import type { PageToolAsks } from './page-tool-asks';

/** What a page tool returns (read_page, get_form_state, fill_form, click, submit_form…): the page agent's answer. */
export type PageToolOutput<K extends PageCommandName> = PageCommandOutput<K>;

export interface PageToolsDeps {
  /** Reaches the content script of the run's tab and frame. */
  routeToPage: RouteToPage;
  /** What the run's last snapshot listed (for click and submit previews); chrome.storage.session by default. */
  targets?: PageTargetStore;
  /** Reads the PDF a tab shows, when the page reader finds Chrome's viewer (read-document-tab.ts). */
  readDocumentTab?: ReadDocumentTab;
  /** Why a read_page that could not reach its tab failed, when it is a local file the user has not allowed. */
  localFileRefusal?: (ctx: ToolContext) => Promise<string | undefined>;
  /** Where call_page_tool's running calls take their page's requests to interact (page-tool-asks.ts). */
  asks?: PageToolAsks;
  /** Brings a tab forward (the user continues on the page a tool asked them to use). */
  focusTab?: (tabId: number) => Promise<void>;
}

/** How a failed preview command names itself in the error logged (the card falls back to the generic preview). */
const FILL_PREVIEW_COMMAND = 'fill_form preview';

/** read_page, get_page_state, get_form_state, fill_form, click, submit_form and the actions; the consequential ones need approval. */
export function createPageTools(deps: PageToolsDeps): Tool[] {
  let targets = deps.targets;
  const store = () => (targets ??= createPageTargetStore());
  /** Runs `command` on the page and resolves with its output, or throws what the model should read. */
  const onPage = async <K extends PageCommandName>(toolName: string, call: PageToolCall<K>, ctx: ToolContext) => {
    const r = await deps.routeToPage(call, ctx);
    if (!r.ok) throw pageRouteError(toolName, r);
    // Every answer of the page is text of the document that answered (an action's changes too): the egress gate knows where from.
    if (r.doc) ctx.reportRead?.({ origin: originOf(r.doc.url) });
    return r;
  };
  const execute =
    <K extends PageCommandName>(command: K) =>
    async (input: PageToolCall<K>['input'], ctx: ToolContext) =>
      (await onPage(command, { toolCallId: ctx.toolCallId, toolName: command, input }, ctx)).output;

  const locate = createLocate(deps.routeToPage, store);
  const previewAction = createPreviewAction(store);

  return [
    defineTool({
      name: 'read_page',
      untrustedOutput: 'page_content',
      input: readPageInput,
      runsIn: 'page',
      readOnly: true,
      async execute(input, ctx) {
        const reading = await execute('read_page')(input, ctx).catch(async (error: unknown) => {
          const refusal = await deps.localFileRefusal?.(ctx);
          throw refusal ? new ToolError(refusal) : error;
        });
        return reading.documentType === 'application/pdf' && deps.readDocumentTab
          ? deps.readDocumentTab(reading, input, ctx)
          : reading;
      },
    }),
    defineTool({
      name: 'get_page_state',
      untrustedOutput: 'page_content',
      input: getPageStateInput,
      runsIn: 'page',
      readOnly: true,
      execute: execute('get_page_state'),
    }),
    defineTool({
      name: 'get_form_state',
      untrustedOutput: 'page_content',
      input: getFormStateInput,
      runsIn: 'page',
      readOnly: true,
      execute: execute('get_form_state'),
    }),
    defineTool({
      name: 'fill_form',
      input: fillFormInput,
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      execute: execute('fill_form'),
      locate: locate('fill_form'),
      writtenValues: (input) =>
        Object.entries(input.updates).flatMap(([field, v]) =>
          typeof v === 'boolean' ? [] : [v].flat().map((value) => ({ field, value })),
        ),
      async preview(input, ctx) {
        const { output } = await onPage(
          FILL_PREVIEW_COMMAND,
          { toolCallId: ctx.toolCallId, toolName: 'preview', input: { keys: Object.keys(input.updates) } },
          ctx,
        );
        return formatFillPreview(input.updates, output, ctx.target?.origin);
      },
    }),
    // Clicking and submitting are asked every time (issue: they "always need approval").
    defineTool({
      // Its answer says what changed on the page, in the page's words: untrusted.
      name: 'click',
      input: clickInput,
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      alwaysAsk: true,
      untrustedOutput: 'page_content',
      execute: execute('click'),
      locate: locate('click'),
      preview: (input, ctx) => previewAction({ toolName: 'click', input }, ctx),
    }),
    defineTool({
      name: 'submit_form',
      input: submitFormInput,
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      alwaysAsk: true,
      execute: execute('submit_form'),
      locate: locate('submit_form'),
      preview: (input, ctx) => previewAction({ toolName: 'submit_form', input }, ctx),
    }),
    ...createActTools({ onPage, locate, store }),
    createFillPasswordTool({ onPage, locate, store }),
    createScreenshotTool({ onPage }),
    createCallPageTool({
      routeToPage: deps.routeToPage,
      onPage,
      store,
      ...(deps.asks ? { asks: deps.asks } : {}),
      ...(deps.focusTab ? { focusTab: deps.focusTab } : {}),
    }),
  ] as Tool[];
}
