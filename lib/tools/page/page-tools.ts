/** The page tools: the model's hands on the page. They run in the content script; the worker only routes them. */
import { formatApprovalPreview } from '../format-approval-preview';
import { pageGoneMessage, type RouteToPage } from './page-router';
import { clickInput, fillFormInput, getFormStateInput, readPageInput, submitFormInput } from '../../page';
import { previewOutput } from '../../page/page-command';
import { defineTool, type Tool } from '../define-tool';
import { formatFillPreview } from './format-fill-preview';

export interface PageToolsDeps {
  /** Lets fill_form's approval preview read the fields' current values (a read-only command). */
  routeToPage?: RouteToPage;
}

/** Page tools are executed by the runtime through its RouteToPage; reaching this means a wiring bug. */
function runsOnPage(name: string) {
  return () => {
    throw new Error(`${name} runs in the page's content script and is routed there by the runtime; it has no worker-side execute`);
  };
}

/** read_page, get_form_state, fill_form, click and submit_form; the consequential ones need approval. */
export function createPageTools(deps: PageToolsDeps = {}): Tool[] {
  const fillForm = defineTool({
    name: 'fill_form',
    input: fillFormInput,
    runsIn: 'page',
    readOnly: false,
    needsApproval: true,
    execute: runsOnPage('fill_form'),
    async preview(input, ctx) {
      const route = deps.routeToPage;
      if (!route) return formatApprovalPreview('fill_form', input);
      const r = await route({ toolCallId: ctx.toolCallId, toolName: 'preview', input: { keys: Object.keys(input.updates) } }, ctx);
      if (!r.ok) throw new Error(pageGoneMessage('fill_form preview', r));
      return formatFillPreview(input.updates, previewOutput.parse(r.output));
    },
  });
  return [
    defineTool({ name: 'read_page', input: readPageInput, runsIn: 'page', readOnly: true, execute: runsOnPage('read_page') }),
    defineTool({ name: 'get_form_state', input: getFormStateInput, runsIn: 'page', readOnly: true, execute: runsOnPage('get_form_state') }),
    fillForm,
    // Clicking and submitting are asked every time (issue: they "always need approval").
    defineTool({ name: 'click', input: clickInput, runsIn: 'page', readOnly: false, needsApproval: true, alwaysAsk: true, execute: runsOnPage('click') }),
    defineTool({ name: 'submit_form', input: submitFormInput, runsIn: 'page', readOnly: false, needsApproval: true, alwaysAsk: true, execute: runsOnPage('submit_form') }),
  ] as Tool[];
}
