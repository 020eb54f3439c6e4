import type { Allowlist } from './allowlist';
import { clickElement } from './click-element';
import type { Handlers } from '../messaging/dispatch';
import { fillForm, type UndoRecord } from './fill-form';
import type { PageAnswer, PageCall, PageCommandInput, PageCommandName, PageCommandOutput, PageRoutes, PreviewOutput } from './page-command';
import { readFieldValue } from './read-field-value';
import type { PageReader } from './page-reader';
import { snapshotForms } from './snapshot-forms';
import { submitForm } from './submit-form';
import { undoFill } from './undo-fill';
import { actOnPage } from './act-on-page';
import { isPageError, PageError } from './page-error';
import { observeChanges } from './observe-changes';
import { RefBook } from './ref-book';
import { snapshotPage } from './snapshot-page';
import { fillPassword } from './fill-password';
import { focusIdentity, formIdentity, identityOf } from './element-identity';
import { changedSinceApproved, identityChange, type ShownIdentity } from './shown-identity';
import { drawScreenshotMasks, type ScreenshotMasks } from './screenshot-masks';

/** What one run's last snapshot (get_page_state or get_form_state) left in this frame: the allowlist, the labels the user will see, the regions. */
interface RunState {
  allowlist: Allowlist;
  labels: Map<string, string>;
  regions?: Map<string, Element>;
}

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
  /** How long filled fields stay outlined. */
  highlightMs?: number;
  /** Told how long each action waited for the page to settle (the tasks benchmark subtracts it). */
  onSettled?: (waitedMs: number) => void;
}

/** Runs kept per frame: enough for the conversations a user has open, bounded so a long session stays small. */
const MAX_RUNS = 16;
const MAX_UNDO = 32;


/** What read_page answers when the reader script has not been injected into this frame (yet). */
export const NO_READER_MESSAGE = 'The page reader could not be loaded in this frame.';

type Commands = { [K in PageCommandName]: (input: PageCommandInput<K>, c: PageCall<PageCommandInput<K>>) => PageCommandOutput<K> | Promise<PageCommandOutput<K>> };

/**
 * The frame-side half of the page tools. The allowlist of a run is its last snapshot in this frame: fill,
 * click, submit and preview can reach only what that snapshot showed, and the element references never
 * leave the content script. Undo records are kept per fill call so the panel can undo a specific card.
 */
export function createPageAgent({ doc, docId, reader, highlightMs, onSettled }: PageAgentOptions): PageAgent {
  const runs = new Map<string, RunState>();
  /** Refs stay the same for an element across this document's snapshots. */
  const refs = new RefBook();
  const undos = new Map<string, UndoRecord>();
  let masks: ScreenshotMasks | undefined;
  const remember = <V>(map: Map<string, V>, key: string, value: V, max: number) => {
    map.delete(key);
    map.set(key, value);
    const oldest = map.keys().next();
    if (map.size > max && !oldest.done) map.delete(oldest.value);
  };

  const runState = (runId: string): RunState => {
    const state = runs.get(runId);
    if (!state) throw new PageError('No snapshot of this page in this run yet: call get_page_state first (or get_form_state), then use the refs it lists.');
    return state;
  };

  /** What `ref` (of `kind`) names in the run's allowlist now, as a card would show it; undefined when gone or never listed. */
  const identityNow = (allowlist: Allowlist, kind: ShownIdentity['kind'], ref: string): ShownIdentity | undefined => {
    if (kind === 'focus') return focusIdentity(doc);
    if (kind === 'form') {
      const form = allowlist.form(ref);
      return form?.isConnected ? formIdentity(form, ref) : undefined;
    }
    const field = allowlist.field(ref)?.elements[0]?.deref();
    // As each command finds it: fill_form by field key, the actions by ref (button first, as act-on-page.ts does).
    const el = kind === 'field' ? field ?? allowlist.secret(ref) : allowlist.button(ref) ?? field ?? allowlist.secret(ref);
    return el?.isConnected ? identityOf(el, ref, kind) : undefined;
  };
  /**
   * Called at the moment of acting, after every other check: what the approval card showed must still be what
   * the page says now (role, name, link target, form destination), or the call is refused untouched. The
   * worker compares too, but only here is nothing left between the check and the action.
   */
  const assertShown = (allowlist: Allowlist, shown: ShownIdentity[] | undefined) => {
    const changes = (shown ?? []).flatMap((s) => identityChange(s, identityNow(allowlist, s.kind, s.ref)) ?? []);
    if (changes.length) throw new PageError(changedSinceApproved(changes));
  };

  const commands: Commands = {
    read_page(input) {
      const read = reader();
      if (!read) throw new PageError(NO_READER_MESSAGE, 'no-reader');
      return read(doc, input);
    },
    get_form_state(_input, c) {
      const { allowlist, ...snapshot } = snapshotForms(doc);
      remember(runs, c.runId, { allowlist, labels: new Map(snapshot.fields.map((f) => [f.key, f.label])) }, MAX_RUNS);
      return snapshot;
    },
    get_page_state(input, c) {
      const previous = runs.get(c.runId);
      const scopeOf = (ref: string) => previous?.regions?.get(ref) ?? previous?.allowlist.button(ref) ?? previous?.allowlist.form(ref);
      const { state, allowlist, labels, regions } = snapshotPage(doc, input, { refs, scopeOf });
      remember(runs, c.runId, { allowlist, labels, regions }, MAX_RUNS);
      return state;
    },
    async act(input, c) {
      const run = runState(c.runId);
      const { allowlist } = run;
      assertSameOrigin(doc, 'ref' in input && input.ref !== undefined ? allowlist.button(input.ref) ?? allowlist.field(input.ref)?.elements[0]?.deref() : undefined);
      try {
        const { result, changes } = await observeChanges(doc, () => {
          assertShown(allowlist, c.shown);
          return actOnPage(doc, allowlist, input);
        }, { refs, allowlist, onSettled, regions: (run.regions ??= new Map()) });
        return { ...result, changes };
      } catch (error) {
        if (isPageError(error, 'failed')) throw new PageError(`${input.action} failed: ${error.message}`);
        throw error;
      }
    },
    fill_form({ updates }, c) {
      const { allowlist } = runState(c.runId);
      assertShown(allowlist, c.shown);
      const { undo, ...result } = fillForm(allowlist, updates, { highlightMs });
      if (undo.entries.length) remember(undos, `${c.runId}:${c.toolCallId}`, undo, MAX_UNDO);
      return result;
    },
    async click({ key }, c) {
      const run = runState(c.runId);
      const { allowlist } = run;
      assertSameOrigin(doc, allowlist.button(key));
      const { result, changes } = await observeChanges(doc, () => {
        assertShown(allowlist, c.shown);
        return clickElement(allowlist, key);
      }, { refs, allowlist, onSettled, regions: (run.regions ??= new Map()) });
      if (!result.ok) throw new PageError(`click failed: ${result.reason}`);
      return { ...result, changes };
    },
    submit_form({ form }, c) {
      const { allowlist } = runState(c.runId);
      assertSameOrigin(doc, allowlist.form(form));
      assertShown(allowlist, c.shown);
      const result = submitForm(allowlist, form);
      if (!result.ok) throw new PageError(`submit_form failed: ${JSON.stringify(result)}`);
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
    identify({ refs, fields = [], forms = [], focus }, c) {
      const { allowlist } = runState(c.runId);
      const found = (kind: ShownIdentity['kind'], ref: string) => identityNow(allowlist, kind, ref) ?? [];
      return [
        ...refs.flatMap((ref) => found('element', ref)), ...fields.flatMap((ref) => found('field', ref)),
        ...forms.flatMap((ref) => found('form', ref)), ...(focus ? [focusIdentity(doc)] : []),
      ];
    },
    fill_password(input, c) {
      const { allowlist } = runState(c.runId);
      assertSameOrigin(doc, allowlist.secret(input.ref));
      assertShown(allowlist, c.shown);
      try {
        return fillPassword(allowlist, input);
      } catch (error) {
        // Never the value in a message: these say only which field and why.
        if (isPageError(error, 'failed')) throw new PageError(`fill_password failed: ${error.message}`);
        throw new PageError('fill_password failed on the page.');
      }
    },
    async screenshot_prepare({ refs }, c) {
      masks?.remove();
      masks = drawScreenshotMasks(doc, refs ? { labels: runs.get(c.runId)?.allowlist } : {});
      await painted(doc);
      return { masked: masks.masked, labelled: masks.labelled };
    },
    screenshot_done() {
      const removed = !!masks;
      masks?.remove();
      masks = undefined;
      return { removed };
    },
    undo(_input, c) {
      const key = `${c.runId}:${c.toolCallId}`;
      const record = undos.get(key);
      if (!record) throw new PageError('Nothing to undo for this fill on this page (the page may have reloaded since).');
      undos.delete(key);
      return undoFill(record);
    },
  };

  /** Runs one command and answers where it ran; every failure is an answer the model can read, nothing escapes into the page. */
  const answer = async <K extends PageCommandName>(command: K, call: PageCall<PageCommandInput<K>>): Promise<PageAnswer<PageCommandOutput<K>>> => {
    const where = { docId, url: doc.URL };
    if (call.expectDocId && call.expectDocId !== docId && command !== 'read_page' && command !== 'get_form_state' && command !== 'get_page_state') {
      return { ...where, outcome: { ok: false, error: 'navigated', message: 'The page changed (navigated or reloaded) since the last snapshot; call get_page_state again.' } };
    }
    try {
      return { ...where, outcome: { ok: true, output: await commands[command](call.args, call) } };
    } catch (error) {
      if (isPageError(error, 'no-reader')) return { ...where, outcome: { ok: false, error: 'no-reader', message: error.message } };
      const message = isPageError(error) ? error.message : `${command} failed on the page: ${error instanceof Error ? error.message : String(error)}`;
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
    },
  };
}

/** Resolves once what was just drawn has been painted (two frames), or after 200 ms in a tab that does not paint. */
function painted(doc: Document): Promise<void> {
  const win = doc.defaultView;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200);
    win?.requestAnimationFrame(() => win.requestAnimationFrame(() => { clearTimeout(timer); resolve(); }));
  });
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
    throw new PageError('Refused: this frame belongs to a different site than the page around it, and clicks or submits never act inside a cross-origin frame.');
  }
  const owner = el?.ownerDocument.defaultView;
  if (el && owner && owner.location.origin !== origin) {
    throw new PageError('Refused: that control lives in a cross-origin frame.');
  }
}
