import { z } from 'zod';
import type { Allowlist } from './allowlist';
import { clickElement, clickInput } from './click-element';
import { fillForm, fillFormInput, type UndoRecord } from './fill-form';
import { getFormStateInput } from './form-snapshot';
import { pageCommandSchema, previewInput, type PageCommand, type PageReply, type PreviewOutput } from './page-command';
import { readFieldValue } from './read-field-value';
import { readPage, readPageInput } from './read-page';
import { snapshotForms } from './snapshot-forms';
import { submitForm, submitFormInput } from './submit-form';
import { undoFill } from './undo-fill';

/** What one run's last get_form_state left in this frame: the allowlist and the labels the user will see. */
interface RunState {
  allowlist: Allowlist;
  labels: Map<string, string>;
}

/** The page agent of one frame: runs validated commands against its document and answers plain data. */
export interface PageAgent {
  readonly docId: string;
  /** Validates `raw` and runs it; undefined when `raw` is not a page command at all (someone else's message). */
  handle(raw: unknown): PageReply | undefined;
}

export interface PageAgentOptions {
  doc: Document;
  docId: string;
  /** How long filled fields stay outlined. */
  highlightMs?: number;
}

/** Runs kept per frame: enough for the conversations a user has open, bounded so a long session stays small. */
const MAX_RUNS = 16;
const MAX_UNDO = 32;

class ToolError extends Error {}

/**
 * The frame-side half of the page tools. The allowlist of a run is its last snapshot in this frame: fill,
 * click, submit and preview can reach only what that snapshot showed, and the element references never
 * leave the content script. Undo records are kept per fill call so the panel can undo a specific card.
 */
export function createPageAgent({ doc, docId, highlightMs }: PageAgentOptions): PageAgent {
  const runs = new Map<string, RunState>();
  const undos = new Map<string, UndoRecord>();
  const remember = <V>(map: Map<string, V>, key: string, value: V, max: number) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > max) map.delete(map.keys().next().value as string);
  };

  const runState = (runId: string): RunState => {
    const state = runs.get(runId);
    if (!state) throw new ToolError('No form snapshot in this run yet: call get_form_state first, then use the keys it lists.');
    return state;
  };

  const run = (c: PageCommand): unknown => {
    switch (c.command) {
      case 'read_page':
        return readPage(doc, parse(readPageInput, c.input));
      case 'get_form_state': {
        parse(getFormStateInput, c.input ?? {});
        const { allowlist, ...snapshot } = snapshotForms(doc);
        remember(runs, c.runId, { allowlist, labels: new Map(snapshot.fields.map((f) => [f.key, f.label])) }, MAX_RUNS);
        return snapshot;
      }
      case 'fill_form': {
        const { updates } = parse(fillFormInput, c.input);
        const { undo, ...result } = fillForm(runState(c.runId).allowlist, updates, { highlightMs });
        if (undo.entries.length) remember(undos, `${c.runId}:${c.toolCallId}`, undo, MAX_UNDO);
        return result;
      }
      case 'click': {
        const { key } = parse(clickInput, c.input);
        const { allowlist } = runState(c.runId);
        assertSameOrigin(doc, allowlist.button(key));
        const result = clickElement(allowlist, key);
        if (!result.ok) throw new ToolError(`click failed: ${result.reason}`);
        return result;
      }
      case 'submit_form': {
        const { form } = parse(submitFormInput, c.input);
        const { allowlist } = runState(c.runId);
        assertSameOrigin(doc, allowlist.form(form));
        const result = submitForm(allowlist, form);
        if (!result.ok) throw new ToolError(`submit_form failed: ${JSON.stringify(result)}`);
        return result;
      }
      case 'preview': {
        const { keys } = parse(previewInput, c.input);
        const { allowlist, labels } = runState(c.runId);
        const out: PreviewOutput = {};
        for (const key of keys) {
          const field = allowlist.field(key);
          const elements = field?.elements.map((ref) => ref.deref()).filter((el): el is HTMLElement => !!el?.isConnected) ?? [];
          out[key] = field && elements.length ? { label: labels.get(key) ?? key, value: readFieldValue(field.type, elements) } : null;
        }
        return out;
      }
      case 'undo': {
        const key = `${c.runId}:${c.toolCallId}`;
        const record = undos.get(key);
        if (!record) throw new ToolError('Nothing to undo for this fill on this page (the page may have reloaded since).');
        undos.delete(key);
        return undoFill(record);
      }
    }
  };

  return {
    docId,
    handle(raw) {
      const parsed = pageCommandSchema.safeParse(raw);
      if (!parsed.success) return undefined;
      const c = parsed.data;
      const where = { docId, url: doc.URL };
      if (c.expectDocId && c.expectDocId !== docId && c.command !== 'read_page' && c.command !== 'get_form_state') {
        return { ok: false, error: 'navigated', message: 'The page changed (navigated or reloaded) since get_form_state; call get_form_state again.', ...where };
      }
      try {
        return { ok: true, output: run(c), ...where };
      } catch (error) {
        // Every failure is an answer the model can read; nothing escapes into the page.
        const message = error instanceof ToolError ? error.message : `${c.command} failed on the page: ${error instanceof Error ? error.message : String(error)}`;
        return { ok: false, error: 'tool-error', message, ...where };
      }
    },
  };
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new ToolError(`Invalid arguments: ${z.prettifyError(r.error)}`);
  return r.data;
}

/**
 * Clicking and submitting act only where the whole frame chain shares this page's origin: a cross-origin
 * frame is someone else's page. The snapshot cannot reach into one (its document is not readable), and
 * this check keeps it that way should a frame be targeted directly.
 */
function assertSameOrigin(doc: Document, el: Element | undefined): void {
  const win = doc.defaultView;
  const origin = win?.location.origin;
  const ancestors = Array.from(win?.location.ancestorOrigins ?? []);
  if (!origin || origin === 'null' || ancestors.some((o) => o !== origin)) {
    throw new ToolError('Refused: this frame belongs to a different site than the page around it, and clicks or submits never act inside a cross-origin frame.');
  }
  const owner = el?.ownerDocument.defaultView;
  if (el && owner && owner.location.origin !== origin) {
    throw new ToolError('Refused: that control lives in a cross-origin frame.');
  }
}
