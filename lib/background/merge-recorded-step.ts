/**
 * A step added to a recording: typing into the field the last step typed into replaces that step (one field, one
 * value), and a step that repeats the last one exactly (a double click, a second Enter) is kept once.
 */
import type { RecordingStep } from '../core/recording';

const sameTarget = (a: RecordingStep, b: RecordingStep) =>
  'target' in a && 'target' in b && JSON.stringify(a.target) === JSON.stringify(b.target);

export function mergeStep(steps: readonly RecordingStep[], step: RecordingStep): RecordingStep[] {
  const last = steps.at(-1);
  if (last && last.action === 'type' && step.action === 'type' && sameTarget(last, step))
    return [...steps.slice(0, -1), step];
  if (last && JSON.stringify(last) === JSON.stringify(step) && step.action !== 'press') return [...steps];
  return [...steps, step];
}
