import { isPageCommandName, type PageCommandName } from '../../page/page-command';
import type { FillOutput } from '../../page/fill-form';
import type { FormSnapshot } from '../../page/form-snapshot';
import type { ToolContext } from '../define-tool';
import type { PageRouteResult, PageToolCall, RouteToPage } from './page-router';
import {
  createPageTargetStore,
  type PageTargetStore,
  type SnapshotDocument,
  type SnapshotSummary,
} from './page-target-store';
import { sendPageCommand, type PageMessenger } from './send-page-command';
import type { PageChanges } from '../../page/page-changes';
import type { PageState } from '../../page/page-state';
import { summarizePageState } from './summarize-page-state';
import { passwordRefusal } from './password-refusal';

export interface RouteToPageDeps {
  targets?: PageTargetStore;
  messenger?: PageMessenger;
  /** Whether "Use the tools sites offer" is on (the page agent then asks its frame's relay for script tools). */
  siteTools?: () => Promise<boolean>;
}

/** Commands that list or call the tools a page offers. */
const SEES_PAGE_TOOLS = new Set<PageCommandName>(['get_page_state', 'get_form_state', 'describe_tool', 'call_tool']);

/** Commands that act on the allowlist of a snapshot, and so must reach the document it was taken in. */
const ACTS_ON_SNAPSHOT = new Set<PageCommandName>([
  'fill_form',
  'click',
  'submit_form',
  'preview',
  'identify',
  'act',
  'fill_password',
  'describe_tool',
  'call_tool',
]);

/** Commands that only read for a card: what was shown is checked by the commands that act. */
const READS_FOR_CARD = new Set<PageCommandName>(['preview', 'identify', 'describe_tool']);

/** What the model reads when the snapshot an approval was computed from is no longer the run's snapshot. */
export const SNAPSHOT_CHANGED =
  'Refused: the form snapshot changed after this call was approved (the page was read again or navigated), so nothing was done. ' +
  'Call get_form_state again; the user will be asked again.';

/** What the model reads when a write comes before any snapshot of this run in this frame. */
export const NO_SNAPSHOT =
  'Refused: no page snapshot in this run for this page yet, so nothing was done: call get_page_state first (or get_form_state), then use the refs it lists.';

/** Why a snapshot is stale: the frame has answered from another document since it was taken. */
const staleMessage = (snap: SnapshotDocument, now: { url: string }) =>
  `the form snapshot is older than the page now in the tab (taken on ${snap.url}, the tab now shows ${now.url}); call get_form_state again`;

/** Most entries of each list kept per snapshot (a page with more is unusual; storage.session is bounded). */
const MAX_ENTRIES = 500;
const MAX_TEXT = 200;

/** What the background keeps of a snapshot: keys, and button and form texts for previews (cut to size). */
function summarize(s: FormSnapshot): SnapshotSummary {
  const cut = (t: string) => t.slice(0, MAX_TEXT);
  const url = (t: string | undefined) => (t === undefined ? {} : { action: t.slice(0, 2000) });
  return {
    ...(s.passwords?.length ? { writeOnlyKeys: s.passwords.slice(0, MAX_ENTRIES).map((p) => p.key) } : {}),
    fieldKeys: s.fields.slice(0, MAX_ENTRIES).map((f) => f.key),
    buttons: s.buttons.slice(0, MAX_ENTRIES).map((b) => ({
      key: b.key,
      text: cut(b.text),
      kind: b.kind,
      ...(b.form ? { form: b.form } : {}),
      ...url(b.action),
    })),
    forms: s.forms.slice(0, MAX_ENTRIES).map((f) => ({
      key: f.key,
      label: cut(f.label),
      ...url(f.action),
      ...(f.method ? { method: f.method.slice(0, 20) } : {}),
    })),
    ...(s.pageTools?.length ? { pageTools: s.pageTools.map((t) => t.name) } : {}),
  };
}

/**
 * The background's copy of the page's allowlist check: a key the last snapshot did not list is refused here,
 * before anything is sent, whatever the page would do. Fill keys outside it are answered as ignored.
 */
function outsideSnapshot(
  call: AnyPageCall,
  snap: SnapshotDocument | undefined,
): { refusal?: string; ignored?: string[] } {
  const summary = snap?.summary;
  if (!summary) return {};
  const password = passwordRefusal(call, summary.writeOnlyKeys ?? []);
  if (password !== undefined) return password;
  switch (call.toolName) {
    case 'click':
      if (summary.buttons.some((b) => b.key === call.input.key)) return {};
      return {
        refusal: `click failed: "${call.input.key}" is not a button of the last form snapshot; call get_form_state to see the buttons`,
      };
    case 'submit_form':
      if (summary.forms.some((f) => f.key === call.input.form)) return {};
      return {
        refusal: `submit_form failed: "${call.input.form}" is not a form of the last form snapshot; call get_form_state to see the forms`,
      };
    case 'act': {
      const ref = 'ref' in call.input ? call.input.ref : undefined;
      if (ref === undefined || summary.fieldKeys.includes(ref) || summary.buttons.some((b) => b.key === ref)) return {};
      return {
        refusal: `${call.input.action} failed: "${ref}" is not an element of the last page snapshot; call get_page_state to see the refs`,
      };
    }
    case 'describe_tool':
    case 'call_tool':
      // The tools a page offers are an allowlist too: only those the run's last snapshot of this frame listed.
      if (summary.pageTools?.includes(call.input.name)) return {};
      return {
        refusal: `call_page_tool failed: "${call.input.name}" is not a tool the last page snapshot listed; call get_page_state to see what the page offers`,
      };
    case 'fill_form': {
      const ignored = Object.keys(call.input.updates).filter((k) => !summary.fieldKeys.includes(k));
      return ignored.length ? { ignored } : {};
    }
    default:
      return {};
  }
}

/** A page call as a union discriminated by its command, so each branch sees its own input type. */
type AnyPageCall = { [K in PageCommandName]: PageToolCall<K> }[PageCommandName];

const IGNORED_REASON = 'not a field of the last form snapshot; call get_form_state to see the fields';

/** A fill's input without the keys the worker refused, and its output with them listed as ignored. */
const withoutKeys = (input: PageToolCall<'fill_form'>['input'], keys: string[]) => ({
  updates: Object.fromEntries(Object.entries(input.updates).filter(([k]) => !keys.includes(k))),
});
const withIgnored = (output: FillOutput, keys: string[]): FillOutput => ({
  ...output,
  ignored: [...output.ignored, ...keys.map((key) => ({ key, reason: IGNORED_REASON }))],
});

/**
 * Routes page tool calls (and fill_form's preview) to the content script of the run's tab and frame (the
 * top frame unless the run says otherwise; it reaches same-origin iframes and shadow roots itself). The
 * document of each run's snapshot is remembered, so a command after a navigation answers 'navigated'
 * instead of acting on a page the model has not seen; a call approved on one snapshot is refused once the
 * run's snapshot is another; keys the snapshot did not list never leave the worker.
 */
export function createRouteToPage(deps: RouteToPageDeps = {}): RouteToPage {
  const targets = deps.targets ?? createPageTargetStore();
  return async <K extends PageCommandName>(call: PageToolCall<K>, ctx: ToolContext): Promise<PageRouteResult<K>> => {
    if (!isPageCommandName(call.toolName))
      return { ok: false, reason: 'tool-error', message: `${String(call.toolName)} is not a page command.` };
    if (ctx.tabId === undefined)
      return { ok: false, reason: 'no-receiver', message: 'no web page is attached to this conversation' };
    const target = { tabId: ctx.tabId, frameId: ctx.frameId ?? 0 };
    const onSnapshot = ACTS_ON_SNAPSHOT.has(call.toolName);
    const expected = onSnapshot ? await targets.snapshotDocument(ctx.runId, target) : undefined;
    // The worker's own allowlist: no snapshot of this run in this frame, no keys; a snapshot of a document the
    // frame has since replaced (another run, or a read, saw the new one) is stale. Nothing is sent for either.
    if (onSnapshot && !expected) return { ok: false, reason: 'tool-error', message: NO_SNAPSHOT };
    const latest = onSnapshot ? await targets.latestDocument(target) : undefined;
    if (expected && latest && latest.docId !== expected.docId)
      return { ok: false, reason: 'navigated', message: staleMessage(expected, latest) };
    const approved = onSnapshot ? ctx.target : undefined;
    if (
      approved &&
      (approved.snapshotId !== expected?.snapshotId || (approved.documentId && approved.documentId !== expected?.docId))
    ) {
      return { ok: false, reason: 'tool-error', message: SNAPSHOT_CHANGED };
    }
    // The generic call as the union it is (K is one command name), so the checks below narrow by command.
    const any = call as AnyPageCall;
    const outside = outsideSnapshot(any, expected);
    if (outside.refusal) return { ok: false, reason: 'tool-error', message: outside.refusal };
    const ignored = outside.ignored ?? [];
    const args = any.toolName === 'fill_form' && ignored.length ? withoutKeys(any.input, ignored) : call.input;
    const expectDocId = approved?.documentId ?? expected?.docId;
    // What the approval card showed goes with the call: the page refuses it if the elements say otherwise now.
    const shown = approved?.shown?.length && !READS_FOR_CARD.has(call.toolName) ? approved.shown : undefined;
    const pageCall = {
      runId: ctx.runId,
      toolCallId: call.toolCallId,
      args,
      ...(expectDocId ? { expectDocId } : {}),
      ...(shown ? { shown } : {}),
      ...(SEES_PAGE_TOOLS.has(call.toolName) && (await deps.siteTools?.()) ? { siteTools: true as const } : {}),
    };
    const sent = await sendPageCommand(target, call.toolName, pageCall, deps.messenger);
    // One failure type for the whole route: what the send saw is what the tool reads.
    if (!sent.ok) return sent;
    const { outcome, ...reply } = sent.answer;
    await targets.noteDocument(target, { docId: reply.docId, url: reply.url });
    if (!outcome.ok) {
      if (outcome.error === 'navigated')
        return {
          ok: false,
          reason: 'navigated',
          message: expected ? `was ${expected.url}, now ${reply.url}` : outcome.message,
        };
      return { ok: false, reason: 'tool-error', message: outcome.message };
    }
    const doc = { docId: reply.docId, url: reply.url };
    // The reply was checked against this command's schema in sendPageCommand; these name its type per command.
    const out: unknown = outcome.output;
    let output = outcome.output;
    if (call.toolName === 'get_form_state')
      await targets.rememberSnapshot(ctx.runId, target, doc, summarize(out as FormSnapshot));
    if (call.toolName === 'get_page_state')
      await targets.rememberSnapshot(ctx.runId, target, doc, summarizePageState(out as PageState));
    if (call.toolName === 'act' || call.toolName === 'click') {
      // Elements an action made appear were given refs on the page; the background learns them too.
      const appeared = (out as { changes?: PageChanges }).changes?.appeared;
      if (appeared?.length) await targets.addToSnapshot(ctx.runId, target, appeared);
    }
    if (call.toolName === 'fill_form') {
      await targets.rememberFill(ctx.runId, call.toolCallId, target, doc);
      if (ignored.length) output = withIgnored(out as FillOutput, ignored) as typeof output;
    }
    return {
      ok: true,
      output,
      doc: { ...doc, ...(onSnapshot && expected?.snapshotId ? { snapshotId: expected.snapshotId } : {}) },
    };
  };
}
