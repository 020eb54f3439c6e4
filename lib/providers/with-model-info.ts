/**
 * Fits a call to what the model can take: no reasoning setting for a model known not to reason (its API
 * would refuse it), no tools for a model that cannot call them. A server that refuses tools with a 400
 * (Ollama: "… does not support tools") gets the same call again without them, once, and the stream says so.
 */
import type { ChatCall, ChatModel, ModelStreamPart } from './chat-model';
import type { ModelInfo } from './model-catalog';
import { ProviderError } from './provider-error';

const TOOL_WORD = String.raw`(?:tools?|tool[ _-]?(?:use|calls?|calling|choice)|function[ _-]?call(?:s|ing)?)`;
const TOOLS_REFUSAL = new RegExp(
  String.raw`\b${TOOL_WORD}\b.{0,60}\b(?:not|unsupported|isn't)\b|(?:\bnot|n't|\bno|\bun)\s*support(?:ed|s)?\b.{0,60}\b${TOOL_WORD}`,
  'i',
);

/** Whether an error is the server refusing the request's tools (not any other bad request). */
export function isToolsRefusal(error: unknown): boolean {
  if (!(error instanceof ProviderError) || error.status !== 400) return false;
  // "does not support tools", "tool calling is not supported", "`tool_choice` is not supported": a refusal of
  // the capability; not any 400 that names a tool (a malformed tool_call_id is the history's fault).
  return TOOLS_REFUSAL.test(error.message);
}

/** What is sent when the model cannot call tools or reason: the call without those parts. */
export function fitCall(call: ChatCall, info: ModelInfo): ChatCall {
  let fitted = call;
  if (info.known && !info.reasoning && fitted.reasoning) {
    const { reasoning: _dropped, ...rest } = fitted;
    void _dropped;
    fitted = rest;
  }
  if (info.tools === false && fitted.tools) {
    const { tools: _none, ...rest } = fitted;
    void _none;
    fitted = rest;
  }
  return fitted;
}

/**
 * The model with `info` attached. `onToolsRefused` is told when a server refused tools, so later models
 * for the same endpoint and model start without them.
 */
export function withModelInfo(model: ChatModel, info: ModelInfo, onToolsRefused?: () => void): ChatModel {
  return {
    provider: model.provider,
    modelId: model.modelId,
    info,
    async *stream(call: ChatCall, signal: AbortSignal): AsyncIterable<ModelStreamPart> {
      const fitted = fitCall(call, info);
      let output = false;
      try {
        for await (const part of model.stream(fitted, signal)) {
          output = true;
          yield part;
        }
        return;
      } catch (error) {
        if (output || !fitted.tools?.length || !isToolsRefusal(error)) throw error;
      }
      info.tools = false;
      onToolsRefused?.();
      yield { type: 'tools-unsupported' };
      yield* model.stream(fitCall(fitted, info), signal);
    },
  };
}
