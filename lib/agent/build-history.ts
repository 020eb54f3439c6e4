/** Rebuilds the conversation a run has produced so far from its journal: the single source of truth. */
import type {
  ChatMessage,
  ReasoningPart,
  TextPart,
  ToolCallPart,
  ToolResultPart,
  ResultImage,
} from '../core/chat-message';
import type { RunSnapshot, StepRecord, ToolCallRecord } from './run-journal';
import { resolveDataBoundary } from './run-settings';
import { resultImages, toModelText } from './to-model-text';

/** Told to the model after an interrupted stream, so it continues instead of starting over. */
export const CONTINUE_NOTE =
  '(Your previous reply was cut off because the browser stopped the extension while it streamed. ' +
  'Continue from where it stopped; do not repeat what you already wrote.)';

/** The model's tool-call input: parsed JSON when it parses, else the raw text (so it can see its mistake). */
export function parseToolInput(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function assistantMessage(step: StepRecord, calls: ToolCallRecord[]): ChatMessage | undefined {
  const content: Array<TextPart | ReasoningPart | ToolCallPart> = [];
  if (step.reasoning) content.push({ type: 'reasoning', text: step.reasoning, signature: step.reasoningSignature });
  if (step.text) content.push({ type: 'text', text: step.text });
  for (const c of calls) {
    const parsed = parseToolInput(c.rawInput);
    content.push({
      type: 'tool-call',
      toolCallId: c.toolCallId,
      toolName: c.toolName,
      input: parsed.ok ? parsed.value : c.rawInput,
    });
  }
  return content.length > 0 ? { role: 'assistant', content } : undefined;
}

/**
 * The messages a run added after its input: per step, the user's interjections, the assistant's reply and
 * the tool results in call order. `internal` adds the continuation note that only the model needs.
 */
export function buildRunMessages(s: RunSnapshot, opts: { internal: boolean }): ChatMessage[] {
  const out: ChatMessage[] = [];
  const boundary = resolveDataBoundary(s.run);
  for (const step of s.steps) {
    for (const i of s.interjections) {
      if (i.consumedByStep === step.index) out.push({ role: 'user', content: [{ type: 'text', text: i.text }] });
    }
    if (step.status === 'streaming') continue;
    const calls = s.toolCalls.filter((c) => c.step === step.index);
    const assistant = assistantMessage(step, calls);
    if (assistant) out.push(assistant);
    // Where a result becomes the model's text: untrusted output in a block under the run's boundary.
    const results: ToolResultPart[] = calls.flatMap((c) =>
      c.result === undefined
        ? []
        : [
            {
              type: 'tool-result',
              toolCallId: c.toolCallId,
              toolName: c.toolName,
              output: toModelText(c.result, boundary, c.toolName),
              isError: c.isError,
              ...withImages(resultImages(c.result, c.toolName)),
            },
          ],
    );
    if (results.length > 0) out.push({ role: 'tool', content: results });
    if (opts.internal && step.interrupted === 'worker-stopped' && (step.text || step.reasoning)) {
      out.push({ role: 'user', content: [{ type: 'text', text: CONTINUE_NOTE }] });
    }
  }
  // Interjections taken for the step being built right now (its record is written after its request).
  for (const i of s.interjections) {
    if (i.consumedByStep === s.steps.length) out.push({ role: 'user', content: [{ type: 'text', text: i.text }] });
  }
  return out;
}

/** The full history for the next model call. */
export const buildHistory = (s: RunSnapshot): ChatMessage[] => [
  ...s.run.messages,
  ...buildRunMessages(s, { internal: true }),
];

const withImages = (images: ResultImage[]) => (images.length ? { images } : {});
