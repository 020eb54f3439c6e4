/**
 * One model call: compose what the model sees, journal it (as what changed since the step before), stream it
 * (checkpointing only the text every 500 ms so a restart can show what the user saw), then journal the reply
 * and its tool calls in one atomic write.
 */
import type { ChatCall, ToolSpec } from '../providers/chat-model';
import { IMAGE_TOOL, withoutImages } from '../providers/tool-result-image';
import { toToolSpec } from '../tools/to-tool-spec';
import { buildHistory, parseToolInput } from './build-history';
import { composeSystemPrompt } from './compose-system-prompt';
import { attachedImages, attachTurnData, composeTurnData } from './compose-turn-data';
import { ATTACHMENT_WINDOW_SHARE, fitAttachments } from './fit-attachments';
import { describeToolFrom, organizationFrameFrom, systemPromptFrom } from './prompt-library';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { StepRecord, ToolCallRecord } from './run-journal';
import type { ErrorInfo } from '../core/error-info';
import { DEFAULT_CONTEXT_WINDOW, resolveDataBoundary } from './run-settings';
import { tokensOf } from './estimate-tokens';
import { offeredTools } from './run-step-tools';
import { baseRequest, toStepRequestRecord } from './step-request-record';
import { runState, stepState, stepText } from './assemble-snapshot';
import { fallbackNotice, fallsBack, labelOf, modelsAfter } from './model-fallback';
import { streamModelStep } from './stream-model-step';
import { toErrorInfo } from '../core/to-error-info';
import { trimContext } from './trim-context';
import { describeTrim } from './describe-trim';
import { t } from '../util/t';
import { modelForRun } from './replay-model';
import { mark } from '../util/marks';
import { afterRequestLeaves, requestLeft } from '../util/request-left';

/** What the chat shows when the run's model cannot use tools (journaled as said, in the user's language). */
export const noToolsNotice = (): string => t('bg_notice_no_tools');

/** Builds the exact request for the next step (also what the "what the model saw" view shows). */
export async function buildRequest(
  live: LiveRun,
  deps: RuntimeDeps,
): Promise<{ request: ChatCall; trimNote?: string }> {
  const s = live.snap.run.settings;
  const describe = describeToolFrom(deps.prompts);
  const info = live.model.info;
  // A model that takes no images (the catalog says so, or its server refused one) is not offered the
  // screenshot, and reads earlier ones as text: what the journal keeps is then what it is sent.
  const sees = info?.images !== false;
  // A model that cannot call tools (the catalog says so, or its server refused them) gets plain chat. The
  // tools, the system prompt and the tokenizer are asked for at once (the tools may have been asked for already,
  // while the run was set up).
  const early = live.nextOffer;
  live.nextOffer = undefined;
  const [offered, system] = await Promise.all([
    info?.tools === false ? [] : (early ?? offeredTools(live, deps)),
    composeSystemPrompt({
      base: systemPromptFrom(deps.prompts),
      ...(s.organizationInstructions
        ? { organization: { frame: organizationFrameFrom(deps.prompts), instructions: s.organizationInstructions } }
        : {}),
      customInstructions: s.customInstructions,
      grounding: s.grounding,
      skills: async () => (await deps.skills?.list()) ?? [],
      now: deps.now(),
      timeZone: deps.timeZone,
    }),
    // The model's own tokenizer, loaded on its first run (OpenAI's encodings); the per-script estimate otherwise.
    deps.tokenCounter?.prepare(live.model),
  ]);
  mark('request-inputs');
  const specs: ToolSpec[] = offered.filter((t) => sees || t.name !== IMAGE_TOOL).map((t) => toToolSpec(t, describe));
  const estimate = tokensOf(live, deps);
  // The same tools and prompt are sent step after step and run after run: their counts are remembered by text.
  const reserved =
    deps.countOnce(system, estimate) + deps.countOnce(JSON.stringify(specs), estimate) + (s.maxOutputTokens ?? 4096);
  const window = s.contextWindowTokens ?? info?.contextWindowTokens ?? DEFAULT_CONTEXT_WINDOW;
  // The page's context, passages and attached files ride with the user message the run answers (the last of its input).
  const attachments =
    s.attachments && fitAttachments(s.attachments, (window - reserved) * ATTACHMENT_WINDOW_SHARE, estimate);
  const data = composeTurnData({ ...s, ...(attachments ? { attachments } : {}) }, resolveDataBoundary(live.snap.run));
  const history = attachTurnData(
    buildHistory(live.snap),
    live.snap.run.messages.length - 1,
    data,
    attachedImages(s.attachments),
  );
  const trimmed = trimContext(sees ? history : withoutImages(history), window - reserved, estimate);
  const request: ChatCall = { system, messages: trimmed.messages };
  if (specs.length > 0) request.tools = specs;
  if (s.maxOutputTokens !== undefined) request.maxOutputTokens = s.maxOutputTokens;
  if (s.temperature !== undefined) request.temperature = s.temperature;
  if (s.reasoning) request.reasoning = s.reasoning;
  return { request, trimNote: trimmed.cuts && describeTrim(trimmed.cuts) };
}

/** Runs one model step to a journaled StepRecord (status 'tools' when it made calls, else 'done'). */
export async function runModelStep(live: LiveRun, deps: RuntimeDeps, retryOf?: number): Promise<StepRecord> {
  const { snap, emit } = live;
  const runId = snap.run.id;
  const index = snap.steps.length;
  const consumed = snap.interjections.filter((i) => i.consumedByStep === undefined);
  for (const i of consumed) i.consumedByStep = index;
  mark('step');
  const { request, trimNote } = await buildRequest(live, deps);
  mark('request-built');
  const previous = snap.steps.at(-1)?.request ?? baseRequest(snap.run.messages);
  const step: StepRecord = {
    runId,
    index,
    status: 'streaming',
    request,
    text: '',
    reasoning: '',
    toolCallIds: [],
    startedAt: deps.now(),
    retryOf,
    trimNote,
  };
  snap.steps.push(step);
  live.streamingCalls = [];
  // The step's record is written once its request has left (util/request-left.ts): the request needs none of it,
  // and a worker that dies before the write lands resumes the run as if it died mid-stream (the step is asked
  // again; no tool ran). What the record says of the step is taken now; the request's delta is worked out then.
  const state = stepState(step);
  const journaled = Promise.all([
    live.recorded,
    afterRequestLeaves().then(() =>
      deps.journal.write({
        requests: [toStepRequestRecord(runId, index, previous, request)],
        steps: [state],
        interjections: consumed,
      }),
    ),
  ]);
  journaled.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
  let written = false;
  const whenJournaled = async () => {
    if (!written) await journaled;
    written = true;
  };
  emit({ type: 'step-start', runId, step: index });
  for (const i of consumed) emit({ type: 'interjection-accepted', runId, messageId: i.id, text: i.text });
  if (trimNote) emit({ type: 'context-trimmed', runId, step: index, note: trimNote });
  // Said once per run, on its first step without tools (known before the call, or learnt from the server).
  const noteNoTools = () => {
    if (step.modelNotice || snap.steps.some((x) => x.modelNotice)) return;
    step.modelNotice = noToolsNotice();
    emit({ type: 'model-notice', runId, step: index, note: step.modelNotice });
  };
  if (live.model.info?.tools === false && !request.tools) noteNoTools();

  const started = new Set<string>();
  let checkpointAt = deps.now();
  let saved = { text: '', reasoning: '' };
  const result = await streamModelStep(
    live.model,
    request,
    live.controller.signal,
    {
      onPart: async (part, soFar) => {
        // Checkpoints and the panel's replay build on the step's record: it lands before the first part counts
        // (a part streamed says the request has left, for a model that makes no fetch of ours).
        requestLeft();
        await whenJournaled();
        const messageId = snap.run.messageId;
        // The live step always holds what was streamed so far: a panel opening now replays it from here.
        step.text = soFar.text;
        step.reasoning = soFar.reasoning;
        if (part.type === 'text-delta') emit({ type: 'text-delta', runId, messageId, delta: part.delta });
        else if (part.type === 'reasoning-delta')
          emit({ type: 'reasoning-delta', runId, messageId, delta: part.delta });
        else if (part.type === 'tools-unsupported') noteNoTools();
        else if (part.type === 'retry')
          emit({ type: 'retry', runId, attempt: part.attempt, status: part.status, delayMs: part.delayMs });
        else if (part.type === 'tool-call-start' || part.type === 'tool-call') {
          if (!started.has(part.toolCallId)) {
            started.add(part.toolCallId);
            live.streamingCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName });
            emit({ type: 'tool-call-start', runId, toolCallId: part.toolCallId, toolName: part.toolName });
          }
          if (part.type === 'tool-call') {
            const parsed = parseToolInput(part.input);
            const streaming = live.streamingCalls.find((c) => c.toolCallId === part.toolCallId);
            if (streaming) streaming.input = parsed.ok ? parsed.value : part.input;
            emit({
              type: 'tool-call-input',
              runId,
              toolCallId: part.toolCallId,
              input: parsed.ok ? parsed.value : part.input,
            });
          }
        }
        const t = deps.now();
        if (
          t - checkpointAt >= deps.checkpointIntervalMs &&
          (soFar.text !== saved.text || soFar.reasoning !== saved.reasoning)
        ) {
          checkpointAt = t;
          step.checkpointAt = t;
          saved = { text: soFar.text, reasoning: soFar.reasoning };
          await deps.journal.write({ texts: [stepText(step)] });
        }
      },
    },
    deps.now,
  );
  await whenJournaled();
  live.timings.set(index, { ttftMs: result.ttftMs, modelMs: deps.now() - step.startedAt, startedAt: step.startedAt });

  Object.assign(step, {
    text: result.text,
    reasoning: result.reasoning,
    reasoningSignature: result.reasoningSignature,
    usage: result.usage,
    finishReason: result.finishReason,
  });
  if (result.aborted || result.error !== undefined) {
    if (deps.isDead()) return step; // a dying worker writes nothing more; the journal keeps the last checkpoint
    step.status = 'done';
    step.finishedAt = deps.now();
    step.interrupted = result.aborted ? 'stopped' : 'error';
    live.streamingCalls = [];
    const error = result.error === undefined ? undefined : toErrorInfo(result.error);
    const silent = !result.text && !result.reasoning && result.toolCalls.length === 0;
    if (error && !result.aborted && silent && (await moveToFallback(live, deps, step, error))) return step;
    if (error) step.error = error;
    await deps.journal.write({ steps: [stepState(step)], texts: [stepText(step)] });
    if (step.error) emit({ type: 'error', runId, error: step.error });
    if (result.text || result.reasoning)
      emit({ type: 'text-interrupted', runId, messageId: snap.run.messageId, step: index, reason: step.interrupted });
    return step;
  }
  const calls: ToolCallRecord[] = result.toolCalls.map((c, order) => ({
    runId,
    step: index,
    order,
    toolCallId: c.toolCallId,
    toolName: c.toolName,
    rawInput: c.input,
    status: 'pending',
  }));
  step.toolCallIds = calls.map((c) => c.toolCallId);
  step.status = calls.length > 0 ? 'tools' : 'done';
  if (step.status === 'done') step.finishedAt = deps.now();
  snap.toolCalls.push(...calls);
  live.streamingCalls = [];
  await deps.journal.write({ steps: [stepState(step)], texts: [stepText(step)], toolCalls: calls });
  emit({ type: 'usage', runId, step: index, usage: result.usage });
  return step;
}

/**
 * Moves the run to the next model of its chain that can be built, after a call that failed before any output
 * for a reason another provider may not share; journals the move with the notice the answer shows. False when
 * the failure does not fall back or no model is left: the step then ends the run with its error.
 */
async function moveToFallback(live: LiveRun, deps: RuntimeDeps, step: StepRecord, error: ErrorInfo): Promise<boolean> {
  const run = live.snap.run;
  if (!fallsBack(error)) return false;
  const from = labelOf(run.settings.modelChain, run.model);
  for (const next of modelsAfter(run.settings.modelChain, run.model)) {
    let model;
    try {
      model = await deps.resolveModel(next.ref);
    } catch (e) {
      deps.reportInternalError(e); // a fallback whose provider is gone is passed over
      continue;
    }
    step.fellBack = { notice: fallbackNotice(from, error, next.label), error, to: next.ref };
    Object.assign(run, { model: next.ref, updatedAt: deps.now() });
    live.model = modelForRun(run.settings, model);
    await deps.journal.write({ run: runState(run), steps: [stepState(step)], texts: [stepText(step)] });
    live.emit({ type: 'model-notice', runId: run.id, step: step.index, note: step.fellBack.notice });
    return true;
  }
  return false;
}
