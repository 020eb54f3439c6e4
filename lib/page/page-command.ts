/**
 * The page command protocol between the background and the page agent (the content script of every frame):
 * one map from command name to its input and output types, shared by the router in the worker
 * (lib/tools/page) and the page agent here. It is types only, so the page bundle carries no schema library:
 * the page checks what it receives with the hand-written guards beside this file, and the worker checks
 * what a page answers with its zod schemas (lib/tools/page/page-reply-schema.ts).
 */
import type { ActionResult, ClickInput } from './click-element';
import type { FillOutput, FillFormInput } from './fill-form';
import type { FieldValue, FormSnapshot, GetFormStateInput } from './form-snapshot';
import type { PageReading, ReadPageInput } from './read-page';
import type { SubmitFormInput, SubmitResult } from './submit-form';
import type { UndoResult } from './undo-fill';

/** Input of the preview command: the keys a pending fill_form would write. */
export interface PreviewInput {
  keys: string[];
}

/** Output of the preview command: each key's label and current value, or null for keys not in the snapshot. */
export type PreviewOutput = Record<string, { label: string; value: FieldValue } | null>;

/** Input of the undo command: the fill to undo is named by the command's toolCallId. */
export type UndoInput = Record<string, never>;

/** What the page agent can be asked to do: the five page tools, plus preview (read-only) and undo. */
export interface PageCommandMap {
  read_page: { input: ReadPageInput; output: PageReading };
  get_form_state: { input: GetFormStateInput; output: FormSnapshot };
  fill_form: { input: FillFormInput; output: FillOutput };
  click: { input: ClickInput; output: ActionResult };
  submit_form: { input: SubmitFormInput; output: SubmitResult };
  preview: { input: PreviewInput; output: PreviewOutput };
  undo: { input: UndoInput; output: UndoResult };
}

export type PageCommandName = keyof PageCommandMap;
export type PageCommandInput<K extends PageCommandName> = PageCommandMap[K]['input'];
export type PageCommandOutput<K extends PageCommandName> = PageCommandMap[K]['output'];

/** Every command name once (the type makes the compiler check that none is missing). */
const names: { [K in PageCommandName]: true } = { read_page: true, get_form_state: true, fill_form: true, click: true, submit_form: true, preview: true, undo: true };

/** Whether `name` is a page command. */
export const isPageCommandName = (name: unknown): name is PageCommandName => typeof name === 'string' && Object.hasOwn(names, name);

/** One command from the background to a frame's page agent. */
export interface PageCommand<K extends PageCommandName = PageCommandName> {
  tabwise: 'page-command';
  command: K;
  runId: string;
  toolCallId: string;
  input: PageCommandInput<K>;
  /** The document the run's snapshot was taken in; another document means the page navigated since. */
  expectDocId?: string;
}

/**
 * Why the page agent did not run a command: it failed, the page is no longer the snapshot's document, or
 * (read_page) the page reader is not loaded in this frame yet, and the background injects it and asks again.
 */
export interface PageReplyFailure {
  ok: false;
  error: 'tool-error' | 'navigated' | 'no-reader';
  message: string;
  docId: string;
  url: string;
}

/** The page agent's answer; `docId` and `url` say which document answered. */
export type PageReply<K extends PageCommandName = PageCommandName> =
  | { ok: true; output: PageCommandOutput<K>; docId: string; url: string }
  | PageReplyFailure;
