/**
 * A step added to a recording: typing into the field the last step typed into replaces that step (one field, one
 * value), and a step that repeats the last one exactly (a double click, a second Enter) is kept once. A secret
 * field left out is counted once, however often it is typed into, re-rendered or reported.
 */
import type { RecordedTarget, RecordingStep } from '../core/recording';
import type { RecordingView } from './protocol';

/** Fields left out that one recording keeps apart at most (the count stops there). */
const MAX_SKIPPED_FIELDS = 200;

/** A field left out, by the page it is on (origin and path) and its description, as a step's target names it. */
function skippedFieldKey(pageUrl: string | undefined, target: RecordedTarget): string {
  // No address from the sender: the field is told apart by its description alone.
  const url = pageUrl && URL.canParse(pageUrl) ? new URL(pageUrl) : undefined;
  const page = url ? `${url.origin}${url.pathname}` : '';
  return JSON.stringify([page, target.role, target.name, target.row ?? '']);
}

/** The view with the field counted, or the same view when that field was counted already (or the cap is reached). */
export function addSkippedField(
  view: RecordingView,
  pageUrl: string | undefined,
  target: RecordedTarget,
): RecordingView {
  const fields = view.skippedFields ?? [];
  const key = skippedFieldKey(pageUrl, target);
  if (fields.includes(key) || fields.length >= MAX_SKIPPED_FIELDS) return view;
  const skippedFields = [...fields, key];
  return { ...view, skippedFields, skipped: skippedFields.length };
}

const sameTarget = (a: RecordingStep, b: RecordingStep) =>
  'target' in a && 'target' in b && JSON.stringify(a.target) === JSON.stringify(b.target);

export function mergeStep(steps: readonly RecordingStep[], step: RecordingStep): RecordingStep[] {
  const last = steps.at(-1);
  if (last && last.action === 'type' && step.action === 'type' && sameTarget(last, step))
    return [...steps.slice(0, -1), step];
  if (last && JSON.stringify(last) === JSON.stringify(step) && step.action !== 'press') return [...steps];
  return [...steps, step];
}
