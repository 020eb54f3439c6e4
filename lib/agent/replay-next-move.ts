/**
 * What a replay does next, decided from the run's own messages alone (so a resumed run decides the same): the
 * calls it made carry the run's tag and say which step they belong to. Each step is a snapshot (get_page_state)
 * then the recorded action on the ref its description matches (replay-match.ts), with the next step's snapshot
 * in the same model step. A step that matches nothing, or whose action failed, is handed to the model once; a
 * step the user denied, or whose outcome is unknown after a restart, ends the replay: nothing is done twice.
 */
import type { ChatMessage } from '../core/chat-message';
import type { RecordingStep } from '../core/recording';
import type { PageElement, PageState } from '../page/page-state';
import { matchTarget } from './replay-match';
import { DENIED_OUTPUT, STOPPED_DURING_OUTPUT } from './execute-tool-call';
import { UNKNOWN_OUTCOME } from './run-step-tools';
import { fromLegacyOutput, isToolFailure } from './to-model-text';

export interface ReplayCall {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
}

export type ReplayMove =
  | { kind: 'calls'; calls: ReplayCall[] }
  /** Step `step` needs the model: `snapshot` is the page now, as the model reads it (a marked data block). */
  | { kind: 'ask'; step: number; snapshot: string; failed: boolean }
  | { kind: 'done'; steps: number }
  | { kind: 'stop'; step: number; why: 'denied' | 'unknown' | 'no-snapshot' };

interface Event {
  id: string;
  kind: 's' | 'a' | 'm';
  step: number;
  toolName: string;
  result?: { output: string; isError: boolean };
}

/** The tag that marks a run's own replay calls (from its data boundary, so no page or earlier run can forge it). */
export const replayTag = (boundary: string) => `rp${boundary.slice(0, 10)}`;

/** The id of a model-made call of step `step` (its own id kept after the tag). */
export const modelCallId = (tag: string, step: number, id: string) => `${tag}m${step}x${id}`;

function readEvents(messages: readonly ChatMessage[], tag: string): Event[] {
  const pattern = new RegExp(`^${tag}([sam])(\\d+)`);
  const events: Event[] = [];
  const byId = new Map<string, Event>();
  for (const m of messages) {
    if (m.role === 'assistant')
      for (const p of m.content) {
        if (p.type !== 'tool-call') continue;
        const hit = pattern.exec(p.toolCallId);
        if (!hit) continue;
        const e: Event = {
          id: p.toolCallId,
          kind: hit[1] as Event['kind'],
          step: Number(hit[2]),
          toolName: p.toolName,
        };
        events.push(e);
        byId.set(e.id, e);
      }
    if (m.role === 'tool')
      for (const r of m.content) {
        const e = byId.get(r.toolCallId);
        if (e) e.result = { output: r.output, isError: !!r.isError };
      }
  }
  return events;
}

const isDenied = (r: Event['result']) => !!r?.isError && r.output.startsWith(DENIED_OUTPUT);
const isUnknown = (r: Event['result']) =>
  !!r?.isError && (r.output.startsWith(UNKNOWN_OUTCOME) || r.output.startsWith(STOPPED_DURING_OUTPUT));

/** The snapshot a get_page_state result holds, or undefined when it failed or does not read as one. */
export function readSnapshot(output: string, boundary: string): PageState | undefined {
  const typed = fromLegacyOutput(output, false, 'get_page_state', boundary);
  let value: unknown = isToolFailure(typed) ? undefined : typed.value;
  if (typeof value === 'string') {
    // The cleaner changed the text (invisible characters removed): the block's body is still the JSON.
    const start = value.indexOf('\n{');
    const end = value.lastIndexOf('}\n');
    try {
      value = start >= 0 && end > start ? JSON.parse(value.slice(start + 1, end + 1)) : undefined;
    } catch {
      value = undefined; // not a snapshot: the model is asked, with the text as it is
    }
  }
  const state = value as PageState | undefined;
  return state && Array.isArray(state.elements) ? state : undefined;
}

/** The tool call that does `step` on the page now, or undefined when its element does not match one. */
export function actionFor(
  step: RecordingStep,
  elements: readonly PageElement[],
): Omit<ReplayCall, 'toolCallId'> | undefined {
  if (step.action === 'navigate') return { toolName: 'navigate', input: { url: step.url } };
  if (step.action === 'press' && !step.target) return { toolName: 'press', input: { key: step.key } };
  const ref = matchTarget(step.target!, elements, { writeOnly: step.action === 'password' });
  if (ref === undefined) return undefined;
  switch (step.action) {
    case 'click':
      return { toolName: 'click', input: { key: ref } };
    case 'type':
      return { toolName: 'type', input: { ref, text: step.value, clear: true } };
    case 'choose':
      return { toolName: 'select', input: { ref, option: step.option } };
    case 'press':
      return { toolName: 'press', input: { key: step.key, ref } };
    case 'password':
      return { toolName: 'fill_password', input: { ref } };
  }
}

const snapshotCall = (tag: string, step: number, n: number): ReplayCall => ({
  toolCallId: `${tag}s${step}n${n}`,
  toolName: 'get_page_state',
  input: { maxElements: 300 },
});

/** The next move of a replay of `steps` whose run has exchanged `messages` so far. */
export function nextReplayMove(
  steps: readonly RecordingStep[],
  messages: readonly ChatMessage[],
  boundary: string,
): ReplayMove {
  const tag = replayTag(boundary);
  const events = readEvents(messages, tag);
  let current = -1;
  for (let i = 0; i < steps.length && current < 0; i++) {
    const acts = events.filter((e) => e.step === i && e.kind !== 's');
    const stop = acts.find((e) => isDenied(e.result) || isUnknown(e.result));
    if (stop) return { kind: 'stop', step: i, why: isDenied(stop.result) ? 'denied' : 'unknown' };
    // The model was asked for this step once: whatever it did, the run goes on.
    if (acts.some((e) => e.kind === 'm')) continue;
    if (!acts.some((e) => e.kind === 'a' && e.result && !e.result.isError)) current = i;
  }
  if (current < 0) return { kind: 'done', steps: steps.length };
  const step = steps[current]!;
  const failed = events.some((e) => e.step === current && e.kind === 'a' && e.result?.isError);
  if (step.action === 'navigate' && !failed) return withNext(current, actionFor(step, [])!);
  const last = events.at(-1);
  const tries = events.filter((e) => e.kind === 's' && e.step === current).length;
  // A snapshot taken after the last thing done on the page, else a new one (at most three tries a step).
  if (last?.kind !== 's' || !last.result || last.result.isError) {
    if (tries >= 3) return { kind: 'stop', step: current, why: 'no-snapshot' };
    return { kind: 'calls', calls: [snapshotCall(tag, current, tries)] };
  }
  const state = readSnapshot(last.result.output, boundary);
  const action = state && !failed ? actionFor(step, state.elements) : undefined;
  if (!action) return { kind: 'ask', step: current, snapshot: last.result.output, failed };
  return withNext(current, action);

  function withNext(i: number, action: Omit<ReplayCall, 'toolCallId'>): ReplayMove {
    const calls: ReplayCall[] = [{ toolCallId: `${tag}a${i}`, ...action }];
    // The next step's snapshot rides in the same model step: page tools run in call order, after the action.
    if (i + 1 < steps.length && steps[i + 1]!.action !== 'navigate') calls.push(snapshotCall(tag, i + 1, 0));
    return { kind: 'calls', calls };
  }
}
