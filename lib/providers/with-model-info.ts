/**
 * Fits a call to what the model can take: no reasoning setting for a model known not to reason (its API
 * would refuse it), no tools for a model that cannot call them, no images (nor the screenshot tool) for one
 * that cannot see. A server that refuses tools with a 400 (Ollama: "… does not support tools"), or the images
 * a call carries for a model not known to take them, gets the same call again without them, once each; the
 * stream says so for tools.
 */
import type { ChatCall, ChatModel, ModelStreamPart } from './chat-model';
import type { ModelInfo } from './model-catalog';
import { ProviderError } from './provider-error';
import { carriesImage, IMAGE_TOOL, withoutImages } from './tool-result-image';

const TOOL_WORD = String.raw`(?:tools?|tool[ _-]?(?:use|calls?|calling|choice)|function[ _-]?call(?:s|ing)?)`;
const TOOLS_REFUSAL = new RegExp(
  String.raw`\b${TOOL_WORD}\b.{0,60}\b(?:not|unsupported|isn't)\b|(?:\bnot|n't|\bno|\bun)\s*support(?:ed|s)?\b.{0,60}\b${TOOL_WORD}`,
  'i',
);

// Two servers refuse images in fixed words and not always with a 400: OpenRouter with a 404, Ollama's runner
// (a model without a vision projector) with a 500 in some versions.
const OPENROUTER_NO_IMAGES = 'no endpoints found that support image input';
const OLLAMA_NO_IMAGES = 'missing data required for image input';
// Plural or qualified on purpose: "unsupported image", "image format is not supported" and "the image is not
// supported" are about one bad image, not about the model.
const IMAGE_WORD = String.raw`(?:images|image[ _-]?(?:urls?|inputs?|content)|vision|multi[ -]?modal(?:\s+inputs?)?)\b`;
const IMAGES_REFUSAL = new RegExp(
  [
    // LM Studio "Model does not support images.", Ollama "does not support vision" / "… image input"
    String.raw`(?:\bnot|n't|\bcannot)\s+(?:support|accept|take)s?\s+(?:any\s+)?${IMAGE_WORD}`,
    // OpenAI "image_url is only supported by certain models.", llama.cpp "image input is not supported"
    String.raw`\b${IMAGE_WORD}\s+(?:(?:is|are)\s+)?(?:not\s+|only\s+|un)supported`,
    // vLLM "… is not a multimodal model", and its "At most 0 image(s) may be provided in one request."
    String.raw`\bnot\s+a\s+multi[ -]?modal\s+model|\bat most 0 image`,
    // DeepSeek "unknown variant `image_url`, expected `text`"
    String.raw`unknown variant\W+image_url`,
    OPENROUTER_NO_IMAGES,
    OLLAMA_NO_IMAGES,
  ].join('|'),
  'i',
);

/** Whether an error is the server refusing the request's tools (not any other bad request). */
export function isToolsRefusal(error: unknown): boolean {
  if (!(error instanceof ProviderError) || error.status !== 400) return false;
  // "does not support tools", "tool calling is not supported", "`tool_choice` is not supported": a refusal of
  // the capability; not any 400 that names a tool (a malformed tool_call_id is the history's fault).
  return TOOLS_REFUSAL.test(error.message);
}

/** Whether an error is the server refusing images for this model (not a bad image, nor any other bad request). */
export function isImagesRefusal(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  const message = error.message.toLowerCase();
  if (error.status === 400) return IMAGES_REFUSAL.test(message);
  if (error.status === 404) return message.includes(OPENROUTER_NO_IMAGES);
  return error.status === 500 && message.includes(OLLAMA_NO_IMAGES);
}

/** The call without what a model that takes no images cannot be sent: the screenshot tool, and images. */
function withoutImageInput(call: ChatCall): ChatCall {
  const { tools, ...rest } = call;
  const kept = tools?.filter((t) => t.name !== IMAGE_TOOL);
  return { ...rest, messages: withoutImages(call.messages), ...(kept?.length ? { tools: kept } : {}) };
}

/** What is sent when the model cannot call tools, reason or see: the call without those parts. */
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
  if (info.images === false) fitted = withoutImageInput(fitted);
  return fitted;
}

/** What a server can refuse, after which the model's info says it cannot take it. */
export type Refusal = 'tools' | 'images';

/**
 * What `error` refused of `call`, if it is a refusal of something the call carries. Images only for a model
 * not known either way: one documented to take them keeps them, and its server's refusal is an error to show.
 */
function refusalOf(error: unknown, call: ChatCall, info: ModelInfo): Refusal | undefined {
  if (call.tools?.length && isToolsRefusal(error)) return 'tools';
  if (info.images === undefined && carriesImage(call.messages) && isImagesRefusal(error)) return 'images';
  return undefined;
}

/**
 * The model with `info` attached. `onRefused` is told when a server refused tools or images, so later models
 * for the same endpoint and model start without them.
 */
export function withModelInfo(model: ChatModel, info: ModelInfo, onRefused?: (refused: Refusal) => void): ChatModel {
  return {
    provider: model.provider,
    modelId: model.modelId,
    info,
    async *stream(call: ChatCall, signal: AbortSignal): AsyncIterable<ModelStreamPart> {
      let fitted = fitCall(call, info);
      // Each refusal is believed once: the call goes again without what was refused, so it cannot recur.
      for (;;) {
        let output = false;
        try {
          for await (const part of model.stream(fitted, signal)) {
            // A retry notice is not output: the server has answered nothing yet.
            if (part.type !== 'retry') output = true;
            yield part;
          }
          return;
        } catch (error) {
          const refused = output ? undefined : refusalOf(error, fitted, info);
          if (!refused) throw error;
          info[refused] = false;
          onRefused?.(refused);
          if (refused === 'tools') yield { type: 'tools-unsupported' };
        }
        fitted = fitCall(fitted, info);
      }
    },
  };
}
