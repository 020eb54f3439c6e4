// The replay keys of the `workflows` bench (issue 28): a 20-step recording replayed by the replay model
// (lib/agent/replay-model.ts) over a page of 300 listed elements whose ids would all be new, each step's
// snapshot given to it as the run gives it (the get_page_state result in its marked block, as toModelText makes
// it). What is timed is the worker's own work for a step: reading the run's messages, parsing the snapshot,
// matching the step's element and emitting the call; the page's own work (the snapshot, the click) is not in it
// (page-tools and tasks time that). `replay_model_calls` counts the requests the replay made of the real model
// on this unchanged page (target 0); the replay on a changed page, which asks once, is tested end to end.
import '../../harness/install-english-i18n-global';
import type { ChatMessage, ToolCallPart } from '../../../lib/core/chat-message';
import type { RecordingStep } from '../../../lib/core/recording';
import { createReplayModel } from '../../../lib/agent/replay-model';
import { toModelText } from '../../../lib/agent/to-model-text';
import type { ChatModel, ModelStreamPart } from '../../../lib/providers/chat-model';
import { median, round } from '../_stats';

const STEPS = 20;
const ELEMENTS = 300;
const REPS = Number(process.env.BENCH_REPS ?? 15);
const boundary = 'benchboundary0123456789';

const elements = Array.from({ length: ELEMENTS }, (_, i) =>
  i % 3 === 0
    ? { ref: `e${i}`, role: 'textbox', name: `Field ${i}`, type: 'text', value: '', inView: true }
    : { ref: `e${i}`, role: 'button', name: `Action ${i}`, inView: true, row: `Row ${i} of the table` },
);
const snapshotText = toModelText(
  {
    value: { title: 'Bench', url: 'http://127.0.0.1/', elements, total: ELEMENTS, offset: 0, regions: [] },
    untrusted: 'page_content',
  },
  boundary,
  'get_page_state',
);
const steps: RecordingStep[] = Array.from({ length: STEPS }, (_, i) => {
  const el = elements[(i * 37) % ELEMENTS]!;
  return el.role === 'textbox'
    ? { action: 'type', target: { role: el.role, name: el.name }, value: `value ${i}` }
    : { action: 'click', target: { role: el.role, name: el.name, row: (el as { row: string }).row } };
});

/** Answers each replay; returns the per-step times and how many requests reached the real model. */
export async function measureReplay(): Promise<{
  replay_steps: number;
  replay_ms_per_step_p50: number;
  replay_model_calls: number;
}> {
  let modelCalls = 0;
  const real: ChatModel = {
    provider: 'bench',
    modelId: 'real',
    async *stream(): AsyncIterable<ModelStreamPart> {
      modelCalls++;
      yield {
        type: 'finish',
        finishReason: 'stop',
        usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0 },
      };
    },
  };
  const times: number[] = [];
  let replayed = 0;
  for (let rep = 0; rep < REPS; rep++) {
    const model = createReplayModel({ taskName: 'bench', intent: 'Bench the replay', steps }, real, boundary);
    const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Bench the replay' }] }];
    let acted = 0;
    for (let guard = 0; guard < STEPS * 3; guard++) {
      const t0 = performance.now();
      const calls: ToolCallPart[] = [];
      let text = '';
      for await (const part of model.stream({ system: '', messages }, new AbortController().signal)) {
        if (part.type === 'tool-call')
          calls.push({
            type: 'tool-call',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: JSON.parse(part.input),
          });
        if (part.type === 'text-delta') text += part.delta;
      }
      const ms = performance.now() - t0;
      if (!calls.length) {
        if (!text.startsWith('Replayed all')) throw new Error(`the replay did not finish: ${text}`);
        break;
      }
      // A model step that acts is one replayed step (its next snapshot rides along); the first step only looks.
      if (calls.some((c) => c.toolName !== 'get_page_state')) {
        acted++;
        if (rep > 1) times.push(ms);
      }
      messages.push({ role: 'assistant', content: calls });
      messages.push({
        role: 'tool',
        content: calls.map((c) => ({
          type: 'tool-result' as const,
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          output: c.toolName === 'get_page_state' ? snapshotText : 'done',
        })),
      });
    }
    replayed = acted;
  }
  return { replay_steps: replayed, replay_ms_per_step_p50: round(median(times), 3), replay_model_calls: modelCalls };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureReplay());
