// lib/page: the DOM side of the page tools. Pure functions over a Document that the content script
// (every frame, isolated world) calls; they never talk to the extension themselves.
export { readPage, readPageInput, type PageReading, type ReadPageInput } from './read-page';
export { snapshotForms, type SnapshotResult } from './snapshot-forms';
export { getFormStateInput } from './form-snapshot';
export type { ButtonSnapshot, FieldConstraints, FieldOption, FieldSnapshot, FieldType, FieldValue, FormInfo, FormSnapshot } from './form-snapshot';
export { Allowlist } from './allowlist';
export { fillForm, fillFormInput, type FillFormInput, type FillOptions, type FillResult, type UndoRecord } from './fill-form';
export { undoFill, type UndoResult } from './undo-fill';
export { clickElement, clickInput, type ActionResult } from './click-element';
export { submitForm, submitFormInput, type InvalidField } from './submit-form';
