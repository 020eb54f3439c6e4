/**
 * lib/tools/page: the page tools, the model's hands on the page, and their routing to the run's tab. Each
 * tool's execute sends its command through the router it is created with; the page agent in the content
 * script (lib/page) does the work. A route failure is thrown as a ToolError the runtime reports as is.
 */
import type { PageCommandName } from '../../page/page-command';
import { defineTool, type Tool, type ToolContext } from '../define-tool';
import { formatFillPreview } from './format-fill-preview';
import { clickInput, fillFormInput, getFormStateInput, readPageInput, submitFormInput } from './page-tool-inputs';
import { pageRouteError, type PageToolCall, type RouteToPage } from './page-router';

export interface PageToolsDeps {
  /** Reaches the content script of the run's tab and frame. */
  routeToPage: RouteToPage;
}

/** read_page, get_form_state, fill_form, click and submit_form; the consequential ones need approval. */
export function createPageTools(deps: PageToolsDeps): Tool[] {
  /** Runs `command` on the page and resolves with its output, or throws what the model should read. */
  const onPage = async <K extends PageCommandName>(toolName: string, call: PageToolCall<K>, ctx: ToolContext) => {
    const r = await deps.routeToPage(call, ctx);
    if (!r.ok) throw pageRouteError(toolName, r);
    return r.output;
  };
  const execute = <K extends PageCommandName>(command: K) =>
    (input: PageToolCall<K>['input'], ctx: ToolContext) => onPage(command, { toolCallId: ctx.toolCallId, toolName: command, input }, ctx);

  return [
    defineTool({ name: 'read_page', untrustedOutput: 'page_content', input: readPageInput, runsIn: 'page', readOnly: true, execute: execute('read_page') }),
    defineTool({ name: 'get_form_state', untrustedOutput: 'page_content', input: getFormStateInput, runsIn: 'page', readOnly: true, execute: execute('get_form_state') }),
    defineTool({
      name: 'fill_form',
      input: fillFormInput,
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      execute: execute('fill_form'),
      async preview(input, ctx) {
        const current = await onPage('fill_form preview', { toolCallId: ctx.toolCallId, toolName: 'preview', input: { keys: Object.keys(input.updates) } }, ctx);
        return formatFillPreview(input.updates, current);
      },
    }),
    // Clicking and submitting are asked every time (issue: they "always need approval").
    defineTool({ name: 'click', input: clickInput, runsIn: 'page', readOnly: false, needsApproval: true, alwaysAsk: true, execute: execute('click') }),
    defineTool({ name: 'submit_form', input: submitFormInput, runsIn: 'page', readOnly: false, needsApproval: true, alwaysAsk: true, execute: execute('submit_form') }),
  ] as Tool[];
}
