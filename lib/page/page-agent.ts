import type { Allowlist } from './allowlist';
import { clickElement } from './click-element';
import { commandInputGuards, InvalidInputError } from './command-input-guards';
import { fillForm, type UndoRecord } from './fill-form';
import type { PageCommandInput, PageCommandName, PageCommandOutput, PageReply, PreviewOutput } from './page-command';
import { readCommandEnvelope, type CommandEnvelope } from './read-command-envelope';
import { readFieldValue } from './read-field-value';
import type { PageReader } from './page-reader';
import { snapshotForms } from './snapshot-forms';
import { submitForm } from './submit-form';
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
  /** Reads the page for read_page; undefined while the page reader is not loaded in this frame (see page-reader.ts). */
  reader: () => PageReader | undefined;
  /** How long filled fields stay outlined. */
  highlightMs?: number;
}

/** Runs kept per frame: enough for the conversations a user has open, bounded so a long session stays small. */
const MAX_RUNS = 16;
const MAX_UNDO = 32;

class ToolError extends Error {}

/** The read_page failure that asks the background to inject the page reader into this frame. */
class NoReaderError extends Error {}

/** What read_page answers when the reader script has not been injected into this frame (yet). */
export const NO_READER_MESSAGE = 'The page reader could not be loaded in this frame.';

type Handlers = { [K in PageCommandName]: (input: PageCommandInput<K>, c: CommandEnvelope<K>) => PageCommandOutput<K> };

/**
 * The frame-side half of the page tools. The allowlist of a run is its last snapshot in this frame: fill,
 * click, submit and preview can reach only what that snapshot showed, and the element references never
 * leave the content script. Undo records are kept per fill call so the panel can undo a specific card.
 */
export function createPageAgent({ doc, docId, reader, highlightMs }: PageAgentOptions): PageAgent {
  const runs = new Map<string, RunState>();
  const undos = new Map<string, UndoRecord>();
  const remember = <V>(map: Map<string, V>, key: string, value: V, max: number) => {
    map.delete(key);
    map.set(key, value);
    const oldest = map.keys().next();
    if (map.size > max && !oldest.done) map.delete(oldest.value);
  };

  const runState = (runId: string): RunState => {
    const state = runs.get(runId);
    if (!state) throw new ToolError('No form snapshot in this run yet: call get_form_state first, then use the keys it lists.');
    return state;
  };

  const handlers: Handlers = {
    read_page(input) {
      const read = reader();
      if (!read) throw new NoReaderError(NO_READER_MESSAGE);
      return read(doc, input);
    },
    get_form_state(_input, c) {
      const { allowlist, ...snapshot } = snapshotForms(doc);
      remember(runs, c.runId, { allowlist, labels: new Map(snapshot.fields.map((f) => [f.key, f.label])) }, MAX_RUNS);
      return snapshot;
    },
    fill_form({ updates }, c) {
      const { undo, ...result } = fillForm(runState(c.runId).allowlist, updates, { highlightMs });
      if (undo.entries.length) remember(undos, `${c.runId}:${c.toolCallId}`, undo, MAX_UNDO);
      return result;
    },
    click({ key }, c) {
      const { allowlist } = runState(c.runId);
      assertSameOrigin(doc, allowlist.button(key));
      const result = clickElement(allowlist, key);
      if (!result.ok) throw new ToolError(`click failed: ${result.reason}`);
      return result;
    },
    submit_form({ form }, c) {
      const { allowlist } = runState(c.runId);
      assertSameOrigin(doc, allowlist.form(form));
      const result = submitForm(allowlist, form);
      if (!result.ok) throw new ToolError(`submit_form failed: ${JSON.stringify(result)}`);
      return result;
    },
    preview({ keys }, c) {
      const { allowlist, labels } = runState(c.runId);
      const out: PreviewOutput = {};
      for (const key of keys) {
        const field = allowlist.field(key);
        const elements = field?.elements.map((ref) => ref.deref()).filter((el): el is HTMLElement => !!el?.isConnected) ?? [];
        out[key] = field && elements.length ? { label: labels.get(key) ?? key, value: readFieldValue(field.type, elements) } : null;
      }
      return out;
    },
    undo(_input, c) {
      const key = `${c.runId}:${c.toolCallId}`;
      const record = undos.get(key);
      if (!record) throw new ToolError('Nothing to undo for this fill on this page (the page may have reloaded since).');
      undos.delete(key);
      return undoFill(record);
    },
  };

  // Generic over the command, so each handler gets its own input type and answers its own output type.
  const run = <K extends PageCommandName>(c: CommandEnvelope<K>): PageCommandOutput<K> => handlers[c.command](commandInputGuards[c.command](c.input), c);

  return {
    docId,
    handle(raw) {
      const c = readCommandEnvelope(raw);
      if (!c) return undefined;
      const where = { docId, url: doc.URL };
      if (c.expectDocId && c.expectDocId !== docId && c.command !== 'read_page' && c.command !== 'get_form_state') {
        return { ok: false, error: 'navigated', message: 'The page changed (navigated or reloaded) since get_form_state; call get_form_state again.', ...where };
      }
      try {
        return { ok: true, output: run(c), ...where };
      } catch (error) {
        if (error instanceof NoReaderError) return { ok: false, error: 'no-reader', message: error.message, ...where };
        // Every failure is an answer the model can read; nothing escapes into the page.
        const message = error instanceof ToolError || error instanceof InvalidInputError ? error.message : `${c.command} failed on the page: ${error instanceof Error ? error.message : String(error)}`;
        return { ok: false, error: 'tool-error', message, ...where };
      }
    },
  };
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
