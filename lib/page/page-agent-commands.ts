/**
 * The page agent's commands, each against the frame's document and the run's last snapshot in it: reading,
 * the snapshots, the actions and writes (each checked again at the moment of acting), previews and undo; the
 * screenshot's masks (screenshot-commands.ts) and the page's own tools (site-tool-commands.ts) join them.
 */
import { actOnPage, needsActPart } from './act-on-page';
import { NO_ACT_PART_MESSAGE } from './act-part';
import { clickElement } from './click-element';
import { focusIdentity } from './element-identity';
import { fillForm } from './fill-form';
import { fillPassword } from './fill-password';
import { observeChanges } from './observe-changes';
import { MAX_RUNS, MAX_UNDO, type PageAgentState } from './page-agent-state';
import type { Commands, PageCommandOptions } from './page-command-handlers';
import type { PreviewOutput } from './page-command';
import { isPageError, PageError } from './page-error';
import { readFieldValue } from './read-field-value';
import type { ShownIdentity } from './shown-identity';
import { snapshotForms } from './snapshot-forms';
import { snapshotPage } from './snapshot-page';
import { submitForm } from './submit-form';
import { undoFill } from './undo-fill';
import { screenshotCommands } from './screenshot-commands';
import { siteToolCommands, withPageTools } from './site-tool-commands';

/** What read_page answers when the reader script has not been injected into this frame (yet). */
export const NO_READER_MESSAGE = 'The page reader could not be loaded in this frame.';

export type { Commands, PageCommandOptions } from './page-command-handlers';

export function createPageCommands(
  state: PageAgentState,
  { doc, reader, actPart, highlightMs, onSettled, scriptTools, askUser }: PageCommandOptions,
): Commands {
  const { runs, refs, undos, remember, runState, identityNow, assertShown } = state;
  const commands: Commands = {
    read_page(input) {
      const read = reader();
      if (!read) throw new PageError(NO_READER_MESSAGE, 'no-reader');
      return read(doc, input);
    },
    get_form_state(_input, c) {
      const { allowlist, ...snapshot } = snapshotForms(doc);
      remember(runs, c.runId, { allowlist, labels: new Map(snapshot.fields.map((f) => [f.key, f.label])) }, MAX_RUNS);
      return withPageTools(doc, c.siteTools && scriptTools?.(), snapshot);
    },
    get_page_state(input, c) {
      const previous = runs.get(c.runId);
      const scopeOf = (ref: string) =>
        previous?.regions?.get(ref) ?? previous?.allowlist.button(ref) ?? previous?.allowlist.form(ref);
      const { state, allowlist, labels, regions } = snapshotPage(doc, input, { refs, scopeOf });
      remember(runs, c.runId, { allowlist, labels, regions }, MAX_RUNS);
      return input.scope === undefined && !input.offset
        ? withPageTools(doc, c.siteTools && scriptTools?.(), state)
        : state;
    },
    async act(input, c) {
      const run = runState(c.runId);
      const { allowlist } = run;
      const part = actPart?.();
      // Before the page is pictured: a frame without the part answers at once, and the background injects it.
      if (!part && needsActPart(allowlist, input)) throw new PageError(NO_ACT_PART_MESSAGE, 'no-act-part');
      assertSameOrigin(
        doc,
        'ref' in input && input.ref !== undefined
          ? (allowlist.button(input.ref) ?? allowlist.field(input.ref)?.elements[0]?.deref())
          : undefined,
      );
      try {
        const { result, changes } = await observeChanges(
          doc,
          () => {
            assertShown(allowlist, c.shown);
            return actOnPage(doc, allowlist, input, part);
          },
          { refs, allowlist, onSettled, regions: (run.regions ??= new Map()) },
        );
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
      const { result, changes } = await observeChanges(
        doc,
        () => {
          assertShown(allowlist, c.shown);
          return clickElement(allowlist, key);
        },
        { refs, allowlist, onSettled, regions: (run.regions ??= new Map()) },
      );
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
        const elements =
          field?.elements.map((ref) => ref.deref()).filter((el): el is HTMLElement => !!el?.isConnected) ?? [];
        out[key] =
          field && elements.length
            ? { label: labels.get(key) ?? key, value: readFieldValue(field.type, elements) }
            : null;
      }
      return out;
    },
    identify({ refs, fields = [], forms = [], focus }, c) {
      const { allowlist } = runState(c.runId);
      const found = (kind: ShownIdentity['kind'], ref: string) => identityNow(allowlist, kind, ref) ?? [];
      return [
        ...refs.flatMap((ref) => found('element', ref)),
        ...fields.flatMap((ref) => found('field', ref)),
        ...forms.flatMap((ref) => found('form', ref)),
        ...(focus ? [focusIdentity(doc)] : []),
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
    ...screenshotCommands(state, doc),
    ...siteToolCommands({ doc, actPart, highlightMs, scriptTools, askUser }),
    undo(_input, c) {
      const key = `${c.runId}:${c.toolCallId}`;
      const record = undos.get(key);
      if (!record)
        throw new PageError('Nothing to undo for this fill on this page (the page may have reloaded since).');
      undos.delete(key);
      return undoFill(record);
    },
  };
  return commands;
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
    throw new PageError(
      'Refused: this frame belongs to a different site than the page around it, and clicks or submits never act inside a cross-origin frame.',
    );
  }
  const owner = el?.ownerDocument.defaultView;
  if (el && owner && owner.location.origin !== origin) {
    throw new PageError('Refused: that control lives in a cross-origin frame.');
  }
}
