// lib/page: the DOM side of the page tools. Pure functions over a Document that the page agent (injected
// into the frames a run acts on, isolated world) calls; they never talk to the extension themselves.
export { readPage, type PageReading, type ReadPageInput } from './read-page';
export { snapshotForms, type SnapshotResult } from './snapshot-forms';
export { snapshotPage, type PageStateResult } from './snapshot-page';
export { RefBook } from './ref-book';
export type {
  ButtonSnapshot,
  FieldConstraints,
  FieldOption,
  FieldSnapshot,
  FieldType,
  FieldValue,
  FormInfo,
  FormSnapshot,
  GetFormStateInput,
} from './form-snapshot';
export { Allowlist } from './allowlist';
export {
  fillForm,
  type FillFormInput,
  type FillOptions,
  type FillOutput,
  type FillResult,
  type UndoRecord,
} from './fill-form';
export { undoFill, type UndoResult } from './undo-fill';
export { clickElement, type ActionResult, type ClickInput } from './click-element';
export { submitForm, type InvalidField, type SubmitFormInput, type SubmitResult } from './submit-form';
export { listPageTools, type OfferedTool, type ScriptTools } from './page-tools-offered';
export { callPageTool } from './call-page-tool';
export { validateToolArgs } from './validate-tool-args';
export { createScriptToolsClient } from './script-tools-client';
export { installWebmcpRelay } from './webmcp-relay';
