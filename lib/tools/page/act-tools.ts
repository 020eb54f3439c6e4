import type { ActInput } from '../../page/act-input';
import { defineTool, type ActionTarget, type Tool, type ToolContext } from '../define-tool';
import { formatActPreview } from './format-act-preview';
import type { PageToolCall, PageRouteResult } from './page-router';
import type { PageTargetStore } from './page-target-store';
import { pressInput, refOnlyInput, scrollInput, selectInput, setValueInput, typeInput } from './page-tool-inputs';

export interface ActToolsDeps {
  /** Runs a page command, throwing what the model should read when it fails. */
  onPage(
    toolName: string,
    call: PageToolCall<'act'>,
    ctx: ToolContext,
  ): Promise<Extract<PageRouteResult<'act'>, { ok: true }>>;
  /** Where a consequential call lands (the snapshot's document and origin), for its approval. */
  locate(toolName: string): (input: unknown, ctx: ToolContext) => Promise<ActionTarget | undefined>;
  store(): PageTargetStore;
}

/**
 * The actions on page elements by ref, all through the page's act command. Typing, choosing and setting a
 * slider change what the page holds and are approved like a fill ("always allow" per origin); a key press
 * can submit a form or confirm a dialog, so it is asked every time, like a click. Focus, hover and scroll
 * change nothing a person would have to undo and run without asking. Every answer carries page text (the
 * changes seen), so it reaches the model as untrusted data.
 */
/** The text a type, select or set_value call puts into the page, under the ref it goes to. */
function writtenValue(args: object): { field: string; value: string }[] {
  const value = 'text' in args ? args.text : 'option' in args ? args.option : 'value' in args ? args.value : undefined;
  return typeof value === 'string' ? [{ field: 'ref' in args ? String(args.ref) : 'field', value }] : [];
}

export function createActTools({ onPage, locate, store }: ActToolsDeps): Tool[] {
  const run = (action: ActInput['action']) => async (args: object, ctx: ToolContext) => {
    const input = { ...args, action } as ActInput; // each tool's zod schema is its action's arguments exactly
    return (await onPage(action, { toolCallId: ctx.toolCallId, toolName: 'act', input }, ctx)).output;
  };
  const preview = (action: ActInput['action']) => async (args: object, ctx: ToolContext) => {
    const input = { ...args, action } as ActInput;
    const snap =
      ctx.tabId === undefined
        ? undefined
        : await store().snapshotDocument(ctx.runId, { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 });
    return formatActPreview(input, snap?.summary, ctx.target?.origin, ctx.target);
  };
  const writes = (
    name: 'type' | 'select' | 'set_value',
    input: typeof typeInput | typeof selectInput | typeof setValueInput,
  ) =>
    defineTool({
      name,
      input,
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      untrustedOutput: 'page_content',
      execute: run(name),
      locate: locate(name),
      preview: preview(name),
      // What is typed, chosen or set is checked by the egress gate like a fill's values: text read on another origin is flagged.
      writtenValues: (args: object) => writtenValue(args),
    });
  const reads = (name: 'focus' | 'hover' | 'scroll', input: typeof refOnlyInput | typeof scrollInput) =>
    defineTool({
      name,
      input,
      runsIn: 'page',
      readOnly: true,
      needsApproval: false,
      untrustedOutput: 'page_content',
      execute: run(name),
    });
  return [
    writes('type', typeInput),
    writes('select', selectInput),
    writes('set_value', setValueInput),
    defineTool({
      name: 'press',
      input: pressInput,
      runsIn: 'page',
      readOnly: false,
      needsApproval: true,
      alwaysAsk: true,
      untrustedOutput: 'page_content',
      execute: run('press'),
      locate: locate('press'),
      preview: preview('press'),
    }),
    reads('focus', refOnlyInput),
    reads('hover', refOnlyInput),
    reads('scroll', scrollInput),
  ] as Tool[];
}
