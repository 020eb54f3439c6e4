/**
 * What the page agent of one frame keeps between commands: each run's last snapshot (its allowlist, the labels
 * the user sees, its regions), the refs that stay the same for an element across snapshots, the undo records of
 * fills, and the check that what an approval card showed is still what the page says.
 */
import type { Allowlist } from './allowlist';
import { focusIdentity, formIdentity, identityOf } from './element-identity';
import type { UndoRecord } from './fill-form';
import { PageError } from './page-error';
import { RefBook } from './ref-book';
import type { ScreenshotMasks } from './screenshot-masks';
import { changedSinceApproved, identityChange, type ShownIdentity } from './shown-identity';

/** What one run's last snapshot (get_page_state or get_form_state) left in this frame: the allowlist, the labels the user will see, the regions. */
export interface RunState {
  allowlist: Allowlist;
  labels: Map<string, string>;
  regions?: Map<string, Element>;
}

/** Runs kept per frame: enough for the conversations a user has open, bounded so a long session stays small. */
export const MAX_RUNS = 16;
export const MAX_UNDO = 32;

export type PageAgentState = ReturnType<typeof createPageAgentState>;

export function createPageAgentState(doc: Document) {
  const runs = new Map<string, RunState>();
  /** Refs stay the same for an element across this document's snapshots. */
  const refs = new RefBook();
  const undos = new Map<string, UndoRecord>();
  /** The screenshot masks drawn now, if any. */
  const screenshot: { masks?: ScreenshotMasks } = {};
  const remember = <V>(map: Map<string, V>, key: string, value: V, max: number) => {
    map.delete(key);
    map.set(key, value);
    const oldest = map.keys().next();
    if (map.size > max && !oldest.done) map.delete(oldest.value);
  };

  const runState = (runId: string): RunState => {
    const state = runs.get(runId);
    if (!state)
      throw new PageError(
        'No snapshot of this page in this run yet: call get_page_state first (or get_form_state), then use the refs it lists.',
      );
    return state;
  };

  /** What `ref` (of `kind`) names in the run's allowlist now, as a card would show it; undefined when gone or never listed. */
  const identityNow = (allowlist: Allowlist, kind: ShownIdentity['kind'], ref: string): ShownIdentity | undefined => {
    if (kind === 'focus') return focusIdentity(doc);
    // A page tool is checked by call_tool against the tool as the page offers it now, never by an allowlist.
    if (kind === 'tool') return undefined;
    if (kind === 'form') {
      const form = allowlist.form(ref);
      return form?.isConnected ? formIdentity(form, ref) : undefined;
    }
    const field = allowlist.field(ref)?.elements[0]?.deref();
    // As each command finds it: fill_form by field key, the actions by ref (button first, as act-on-page.ts does).
    const el =
      kind === 'field' ? (field ?? allowlist.secret(ref)) : (allowlist.button(ref) ?? field ?? allowlist.secret(ref));
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
  return { runs, refs, undos, screenshot, remember, runState, identityNow, assertShown };
}
