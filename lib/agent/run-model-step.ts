/**
 * One model call: compose what the model sees, journal it, stream it (checkpointing text every 500 ms so a
 * restart can show what the user saw), then journal the reply and its tool calls in one atomic write.
 */
import type { ChatCall, ToolSpec } from '../providers/chat-model';
import { toToolSpec } from '../tools/to-tool-spec';
import { buildHistory, parseToolInput } from './build-history';
import { composeSystemPrompt } from './compose-system-prompt';
import { describeToolFrom, systemPromptFrom } from './prompt-library';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { StepRecord, ToolCallRecord } from './run-journal';
import { DEFAULT_CONTEXT_WINDOW } from './run-settings';
import { activeTools } from './run-step-tools';
import { streamModelStep } from './stream-model-step';
import { toErrorInfo } from './to-error-info';
import { trimContext } from './trim-context';

/** Builds the exact request for the next step (also what the "what the model saw" view shows). */
export async function buildRequest(live: LiveRun, deps: RuntimeDeps): Promise<{ request: ChatCall; trimNote?: string }> {
  const s = live.snap.run.settings;
  const describe = describeToolFrom(deps.prompts);
  const specs: ToolSpec[] = activeTools(live, deps).map((t) => toToolSpec(t, describe));
  const system = await composeSystemPrompt({
    base: systemPromptFrom(deps.prompts),
    tools: specs,
    customInstructions: s.customInstructions,
    pageContext: s.pageContext,
    grounding: s.grounding,
    skills: async () => (await deps.skills?.list()) ?? [],
    now: deps.now(),
    timeZone: deps.timeZone,
  });
  const estimate = deps.estimateTokens;
  const reserved = estimate(system) + estimate(JSON.stringify(specs)) + (s.maxOutputTokens ?? 4096);
  const trimmed = trimContext(buildHistory(live.snap), (s.contextWindowTokens ?? DEFAULT_CONTEXT_WINDOW) - reserved, estimate);
  const request: ChatCall = { system, messages: trimmed.messages };
  if (specs.length > 0) request.tools = specs;
  if (s.maxOutputTokens !== undefined) request.maxOutputTokens = s.maxOutputTokens;
  if (s.temperature !== undefined) request.temperature = s.temperature;
  if (s.reasoning) request.reasoning = s.reasoning;
  return { request, trimNote: trimmed.note };
}

/** Runs one model step to a journaled StepRecord (status 'tools' when it made calls, else 'done'). */
export async function runModelStep(live: LiveRun, deps: RuntimeDeps, retryOf?: number): Promise<StepRecord> {
  const { snap, emit } = live;
  const runId = snap.run.id;
  const index = snap.steps.length;
  const consumed = snap.interjections.filter((i) => i.consumedByStep === undefined);
  for (const i of consumed) i.consumedByStep = index;
  const { request, trimNote } = await buildRequest(live, deps);
  const step: StepRecord = { runId, index, status: 'streaming', request, text: '', reasoning: '', toolCallIds: [], startedAt: deps.now(), retryOf, trimNote };
  snap.steps.push(step);
  await deps.journal.write({ steps: [step], interjections: consumed });
  emit({ type: 'step-start', runId, step: index });
  for (const i of consumed) emit({ type: 'interjection-accepted', runId, messageId: i.id, text: i.text });
  if (trimNote) emit({ type: 'context-trimmed', runId, step: index, note: trimNote });

  const started = new Set<string>();
  let checkpointAt = deps.now();
  const result = await streamModelStep(live.model, request, live.controller.signal, {
    onPart: async (part, soFar) => {
      const messageId = snap.run.messageId;
      if (part.type === 'text-delta') emit({ type: 'text-delta', runId, messageId, delta: part.delta });
      else if (part.type === 'reasoning-delta') emit({ type: 'reasoning-delta', runId, messageId, delta: part.delta });
      else if (part.type === 'retry') emit({ type: 'retry', runId, attempt: part.attempt, status: part.status, delayMs: part.delayMs });
      else if (part.type === 'tool-call-start' || part.type === 'tool-call') {
        if (!started.has(part.toolCallId)) {
          started.add(part.toolCallId);
          emit({ type: 'tool-call-start', runId, toolCallId: part.toolCallId, toolName: part.toolName });
        }
        if (part.type === 'tool-call') {
          const parsed = parseToolInput(part.input);
          emit({ type: 'tool-call-input', runId, toolCallId: part.toolCallId, input: parsed.ok ? parsed.value : part.input });
        }
      }
      const t = deps.now();
      if (t - checkpointAt >= deps.checkpointIntervalMs && (soFar.text !== step.text || soFar.reasoning !== step.reasoning)) {
        checkpointAt = t;
        Object.assign(step, { text: soFar.text, reasoning: soFar.reasoning, checkpointAt: t });
        await deps.journal.write({ steps: [step] });
      }
    },
  }, deps.now);
  live.timings.set(index, { ttftMs: result.ttftMs, modelMs: deps.now() - step.startedAt, startedAt: step.startedAt });

  Object.assign(step, { text: result.text, reasoning: result.reasoning, reasoningSignature: result.reasoningSignature, usage: result.usage, finishReason: result.finishReason });
  if (result.aborted || result.error !== undefined) {
    if (deps.isDead()) return step; // a dying worker writes nothing more; the journal keeps the last checkpoint
    step.status = 'done';
    step.finishedAt = deps.now();
    step.interrupted = result.aborted ? 'stopped' : 'error';
    if (result.error !== undefined) step.error = toErrorInfo(result.error);
    await deps.journal.write({ steps: [step] });
    if (step.error) emit({ type: 'error', runId, error: step.error });
    if (result.text || result.reasoning) emit({ type: 'text-interrupted', runId, messageId: snap.run.messageId, step: index, reason: step.interrupted });
    return step;
  }
  const calls: ToolCallRecord[] = result.toolCalls.map((c, order) => ({
    runId, step: index, order, toolCallId: c.toolCallId, toolName: c.toolName, rawInput: c.input, status: 'pending',
  }));
  step.toolCallIds = calls.map((c) => c.toolCallId);
  step.status = calls.length > 0 ? 'tools' : 'done';
  if (step.status === 'done') step.finishedAt = deps.now();
  snap.toolCalls.push(...calls);
  await deps.journal.write({ steps: [step], toolCalls: calls });
  emit({ type: 'usage', runId, step: index, usage: result.usage });
  return step;
}
