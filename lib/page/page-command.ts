/**
 * The page command protocol between the background and the page agent (injected into the frames a run acts
 * on): one route per command with its own input and output type, shared by the router in the worker
 * (lib/tools/page) and the page agent here. It is types only, so the page bundle carries no schema library:
 * the page checks what it receives with the hand-written guards (page-call-validators.ts), and the worker
 * checks what a page answers with its zod schemas (lib/tools/page/page-reply-schema.ts).
 */
import { defineProtocol, type Route } from '../messaging/define-protocol';
import type { ActionResult, ClickInput } from './click-element';
import type { FillOutput, FillFormInput } from './fill-form';
import type { FieldValue, FormSnapshot, GetFormStateInput } from './form-snapshot';
import type { PageReading, ReadPageInput } from './read-page';
import type { SubmitFormInput, SubmitResult } from './submit-form';
import type { UndoResult } from './undo-fill';
import type { ActInput, ActOutput } from './act-input';
import type { GetPageStateInput, PageState } from './page-state';
import type { FillPasswordInput, FillPasswordOutput } from './fill-password';
import type { ShownIdentity } from './shown-identity';
import type { PageToolInfo } from './page-tool-info';
import type { FormToolResult } from './call-form-tool';

/** Input of call_tool: a tool this frame offers, by name, and its arguments (checked against its schema here too). */
export interface CallToolInput {
  name: string;
  args: Record<string, unknown>;
}

/** What a page tool answered: a form tool's fill and submission, or a script tool's result as JSON text (capped). */
export interface CallToolOutput {
  tool: string;
  form?: FormToolResult;
  result?: string;
  /** The script's result was longer than PAGE_TOOL_LIMITS.resultChars and was cut. */
  cut?: true;
}

/** Input of the preview command: the keys a pending fill_form would write. */
export interface PreviewInput {
  keys: string[];
}

/** Output of the preview command: each key's label and current value, or null for keys not in the snapshot. */
export type PreviewOutput = Record<string, { label: string; value: FieldValue } | null>;

/** Input of the identify command: what a pending call names (element refs, form keys, the focus). */
export interface IdentifyInput {
  refs: string[];
  /** Field keys (fill_form), looked up among the snapshot's fields first (a form snapshot's button keys are another namespace). */
  fields?: string[];
  forms?: string[];
  focus?: boolean;
}

/** Input of the undo command: the fill to undo is named by the command's toolCallId. */
export type UndoInput = Record<string, never>;

/** What the page agent can be asked to do: the page tools, plus preview (read-only) and undo. */
export interface PageCommandMap {
  read_page: { input: ReadPageInput; output: PageReading };
  get_form_state: { input: GetFormStateInput; output: FormSnapshot };
  get_page_state: { input: GetPageStateInput; output: PageState };
  /** The type, press, focus, hover, select, set_value and scroll tools. */
  act: { input: ActInput; output: ActOutput };
  fill_form: { input: FillFormInput; output: FillOutput };
  click: { input: ClickInput; output: ActionResult };
  submit_form: { input: SubmitFormInput; output: SubmitResult };
  preview: { input: PreviewInput; output: PreviewOutput };
  /** Read-only: the identity (role, name, link target, form destination) of what a pending call names, for its card. */
  identify: { input: IdentifyInput; output: ShownIdentity[] };
  undo: { input: UndoInput; output: UndoResult };
  /** Writes the password the user typed on the approval card into a write-only field (never the model's text). */
  fill_password: { input: FillPasswordInput; output: FillPasswordOutput };
  /** Masks secret fields (and draws snapshot refs) for the screenshot about to be taken; painted when it answers. */
  screenshot_prepare: { input: { refs?: boolean }; output: { masked: number; labelled: number } };
  /** Removes what screenshot_prepare drew. */
  screenshot_done: { input: Record<string, never>; output: { removed: boolean } };
  /** Read-only: a tool this frame offers now, as the card will show it (null: not offered). */
  describe_tool: { input: { name: string }; output: PageToolInfo | null };
  /** Calls a tool this frame offers, if it is still what the card showed. */
  call_tool: { input: CallToolInput; output: CallToolOutput };
}

export type PageCommandName = keyof PageCommandMap;
export type PageCommandInput<K extends PageCommandName> = PageCommandMap[K]['input'];
export type PageCommandOutput<K extends PageCommandName> = PageCommandMap[K]['output'];

/** Every command name once (the type makes the compiler check that none is missing). */
export const pageCommandNames: { [K in PageCommandName]: true } = {
  read_page: true,
  get_form_state: true,
  get_page_state: true,
  act: true,
  fill_form: true,
  click: true,
  submit_form: true,
  preview: true,
  identify: true,
  undo: true,
  fill_password: true,
  screenshot_prepare: true,
  screenshot_done: true,
  describe_tool: true,
  call_tool: true,
};

/** Whether `name` is a page command. */
export const isPageCommandName = (name: unknown): name is PageCommandName =>
  typeof name === 'string' && Object.hasOwn(pageCommandNames, name);

/** One command from the background to a frame's page agent, on behalf of a tool call. */
export interface PageCall<A> {
  runId: string;
  toolCallId: string;
  /** The document the run's snapshot was taken in; another document means the page navigated since. */
  expectDocId?: string;
  /** What the approval card showed of the elements the call acts on: read again at the moment of acting, any change refuses it. */
  shown?: ShownIdentity[];
  /** "Use the tools sites offer" is on: the agent may ask this frame's relay for the tools its scripts registered. */
  siteTools?: true;
  args: A;
}

/**
 * Why the page agent did not run a command: it failed, the page is no longer the snapshot's document, or
 * the part it needs is not loaded in this frame yet (read_page: the page reader; act: the act part, act-part.ts),
 * and the background injects it and asks again.
 * These are answers the model reads; the envelope's error stays for the kit's refusals and thrown bugs.
 */
export type PageFailure = {
  ok: false;
  error: 'tool-error' | 'navigated' | 'no-reader' | 'no-act-part';
  message: string;
};

/** The page agent's answer; `docId` and `url` say which document answered. */
export interface PageAnswer<O> {
  docId: string;
  url: string;
  outcome: { ok: true; output: O } | PageFailure;
}

export type PageRoutes = {
  [K in PageCommandName]: Route<PageCall<PageCommandInput<K>>, PageAnswer<PageCommandOutput<K>>>;
};

export const pageProtocol = defineProtocol<PageRoutes>('page');
