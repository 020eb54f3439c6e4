import type { Handlers } from '../messaging/dispatch';
import { createPageCommands } from './page-agent-commands';
import { createPageAgentState } from './page-agent-state';
import type {
  PageAnswer,
  PageCall,
  PageCommandInput,
  PageCommandName,
  PageCommandOutput,
  PageRoutes,
} from './page-command';
import { isPageError } from './page-error';
import type { PageReader } from './page-reader';
import type { ActPart } from './act-part';
import type { ScriptTools } from './page-tools-offered';
import type { ToolAskInput } from './tool-ask-protocol';

export { NO_READER_MESSAGE } from './page-agent-commands';

/** The page agent of one frame: runs validated commands against its document and answers plain data. */
export interface PageAgent {
  readonly docId: string;
  /** The page protocol's handlers (the kit has checked the sender and validated each call first). */
  readonly handlers: Handlers<PageRoutes>;
}

export interface PageAgentOptions {
  doc: Document;
  docId: string;
  /** Reads the page for read_page; undefined while the page reader is not loaded in this frame (see page-reader.ts). */
  reader: () => PageReader | undefined;
  /** The act part (typing, keys, sliders, comboboxes); undefined while it is not loaded in this frame (see act-part.ts). */
  actPart?: () => ActPart | undefined;
  /** How long filled fields stay outlined. */
  highlightMs?: number;
  /** Told how long each action waited for the page to settle (the tasks benchmark subtracts it). */
  onSettled?: (waitedMs: number) => void;
  /** The tools this frame's scripts registered, where the main-world relay is installed (page-tools-offered.ts). */
  scriptTools?: () => ScriptTools | undefined;
  /** Asks the background to show a page tool's request for the user (tool-ask-protocol.ts). */
  askUser?: (call: ToolAskInput) => Promise<boolean>;
}

/**
 * The frame-side half of the page tools. The allowlist of a run is its last snapshot in this frame: fill,
 * click, submit and preview can reach only what that snapshot showed, and the element references never
 * leave the content script. Undo records are kept per fill call so the panel can undo a specific card.
 */
export function createPageAgent({
  doc,
  docId,
  reader,
  actPart,
  highlightMs,
  onSettled,
  scriptTools,
  askUser,
}: PageAgentOptions): PageAgent {
  const commands = createPageCommands(createPageAgentState(doc), {
    doc,
    reader,
    ...(actPart ? { actPart } : {}),
    ...(scriptTools ? { scriptTools } : {}),
    ...(askUser ? { askUser } : {}),
    ...(highlightMs !== undefined ? { highlightMs } : {}),
    ...(onSettled ? { onSettled } : {}),
  });

  /** Runs one command and answers where it ran; every failure is an answer the model can read, nothing escapes into the page. */
  const answer = async <K extends PageCommandName>(
    command: K,
    call: PageCall<PageCommandInput<K>>,
  ): Promise<PageAnswer<PageCommandOutput<K>>> => {
    const where = { docId, url: doc.URL };
    if (
      call.expectDocId &&
      call.expectDocId !== docId &&
      command !== 'read_page' &&
      command !== 'get_form_state' &&
      command !== 'get_page_state'
    ) {
      return {
        ...where,
        outcome: {
          ok: false,
          error: 'navigated',
          message: 'The page changed (navigated or reloaded) since the last snapshot; call get_page_state again.',
        },
      };
    }
    try {
      return { ...where, outcome: { ok: true, output: await commands[command](call.args, call) } };
    } catch (error) {
      if (isPageError(error, 'no-reader'))
        return { ...where, outcome: { ok: false, error: 'no-reader', message: error.message } };
      if (isPageError(error, 'no-act-part'))
        return { ...where, outcome: { ok: false, error: 'no-act-part', message: error.message } };
      const message = isPageError(error)
        ? error.message
        : `${command} failed on the page: ${error instanceof Error ? error.message : String(error)}`;
      return { ...where, outcome: { ok: false, error: 'tool-error', message } };
    }
  };

  return {
    docId,
    handlers: {
      read_page: (call) => answer('read_page', call),
      get_form_state: (call) => answer('get_form_state', call),
      get_page_state: (call) => answer('get_page_state', call),
      act: (call) => answer('act', call),
      fill_form: (call) => answer('fill_form', call),
      click: (call) => answer('click', call),
      submit_form: (call) => answer('submit_form', call),
      preview: (call) => answer('preview', call),
      identify: (call) => answer('identify', call),
      undo: (call) => answer('undo', call),
      fill_password: (call) => answer('fill_password', call),
      screenshot_prepare: (call) => answer('screenshot_prepare', call),
      screenshot_done: (call) => answer('screenshot_done', call),
      describe_tool: (call) => answer('describe_tool', call),
      call_tool: (call) => answer('call_tool', call),
    },
  };
}
