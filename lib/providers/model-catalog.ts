/**
 * What is known about models without asking them: context window, whether they reason, whether they can
 * call tools, whether they take images. From each vendor's model documentation (2025-2026); a model not
 * listed gets limits that are safe rather than generous, so an unknown local model is not sent more than it
 * can take.
 */

export interface ModelInfo {
  /** Input plus output tokens the model accepts. */
  contextWindowTokens: number;
  /** Whether it takes a reasoning setting (OpenAI effort, Anthropic thinking, Gemini/xAI/Magistral reasoning). */
  reasoning: boolean;
  /** Whether it can call tools; undefined when unknown (tools are sent, and a refusal falls back to plain chat). */
  tools?: boolean;
  /**
   * Whether it takes images (the screenshot tool's); undefined when unknown (the screenshot is offered, and a
   * server that refuses its image gets the call again without it).
   */
  images?: boolean;
  /** False for the fallback of a model the catalog does not know. */
  known: boolean;
}

/**
 * The window assumed for a model the catalog does not know. Smaller than any current cloud model's, large
 * enough for the system prompt, the tool schemas and a real conversation; a local server configured with a
 * smaller context still truncates on its side, as it would for any client.
 */
export const UNKNOWN_CONTEXT_WINDOW = 32_000;

type Entry = [pattern: RegExp, info: Omit<ModelInfo, 'known'>];

const K = 1000;
const M = 1_048_576;

// First match wins: specific names before families.
const entries: Entry[] = [
  // OpenAI
  [/^gpt-5/, { contextWindowTokens: 400 * K, reasoning: true, tools: true }],
  [/^gpt-4\.1/, { contextWindowTokens: 1_047_576, reasoning: false, tools: true }],
  [/^gpt-4o/, { contextWindowTokens: 128 * K, reasoning: false, tools: true }],
  [/^gpt-4-turbo/, { contextWindowTokens: 128 * K, reasoning: false, tools: true }],
  [/^gpt-3\.5-turbo/, { contextWindowTokens: 16_385, reasoning: false, tools: true }],
  [/^o1-mini/, { contextWindowTokens: 128 * K, reasoning: true, tools: false }],
  [/^o[134](-|$)/, { contextWindowTokens: 200 * K, reasoning: true, tools: true }],
  [/^gpt-oss-/, { contextWindowTokens: 131_072, reasoning: true, tools: true }],
  // Anthropic
  [/^claude-(opus|sonnet|haiku)-4|^claude-3-7-sonnet/, { contextWindowTokens: 200 * K, reasoning: true, tools: true }],
  [/^claude-3/, { contextWindowTokens: 200 * K, reasoning: false, tools: true }],
  // Google Gemini
  [/^gemini-(2\.5|3)/, { contextWindowTokens: M, reasoning: true, tools: true }],
  [/^gemini-2\.0/, { contextWindowTokens: M, reasoning: false, tools: true }],
  [/^gemini-1\.5-pro/, { contextWindowTokens: 2 * M, reasoning: false, tools: true }],
  [/^gemini-1\.5/, { contextWindowTokens: M, reasoning: false, tools: true }],
  [/^gemma/, { contextWindowTokens: 128 * K, reasoning: false, tools: false }],
  // Mistral
  [/^magistral/, { contextWindowTokens: 40 * K, reasoning: true, tools: true }],
  [/^codestral/, { contextWindowTokens: 256 * K, reasoning: false, tools: true }],
  [
    /^(mistral-(large|medium|small)|ministral|open-mistral-nemo|pixtral|devstral)/,
    { contextWindowTokens: 128 * K, reasoning: false, tools: true },
  ],
  // DeepSeek (the reasoner's tool support changed between versions: unknown, so a refusal is handled)
  [/^deepseek-reasoner|^deepseek-r1/, { contextWindowTokens: 128 * K, reasoning: true, tools: undefined }],
  [/^deepseek-chat/, { contextWindowTokens: 128 * K, reasoning: false, tools: true }],
  // xAI
  [/^grok-4-fast|^grok-4-1-fast/, { contextWindowTokens: 2_000_000, reasoning: true, tools: true }],
  [/^grok-(4|code)/, { contextWindowTokens: 256 * K, reasoning: true, tools: true }],
  [/^grok-3-mini/, { contextWindowTokens: 131_072, reasoning: true, tools: true }],
  [/^grok-3/, { contextWindowTokens: 131_072, reasoning: false, tools: true }],
  // Groq-hosted and local open models
  [/^llama-3\.[13]-|^llama3\.[123]/, { contextWindowTokens: 128 * K, reasoning: false, tools: true }],
  [/^qwen3/, { contextWindowTokens: 128 * K, reasoning: true, tools: true }],
  [/^kimi-k2/, { contextWindowTokens: 128 * K, reasoning: false, tools: true }],
  // Chrome's built-in Gemini Nano: a small window and no tool calling.
  [/^gemini-nano$/, { contextWindowTokens: 6 * K, reasoning: false, tools: false }],
];

// Image input, apart from the table above because vision variants sit inside text families (llama3.2-vision,
// qwen3-vl) and a local vision model is known by its name alone. First match wins; undefined: not documented
// one way or the other. A family not listed is unknown too.
const imageInput: [pattern: RegExp, images: boolean | undefined][] = [
  // Vision variants and local vision models (Ollama, LM Studio, vLLM, Groq, OpenRouter names)
  [/^(bak)?llava|-vision\b|^qwen[\d.]*-?vl|^minicpm-v|^moondream|^pixtral/, true],
  // OpenAI: text-only models, then vision families (o1-mini, o1-preview and o3-mini have no vision; the
  // gpt-4o audio, realtime and search variants are not documented to take images)
  [/^gpt-3\.5|^gpt-4-turbo-preview|^o1-(mini|preview)|^o3-mini|^gpt-oss(-|$)/, false],
  [/^gpt-4o(-mini)?-(audio|realtime|search)/, undefined],
  [/^gpt-(5|4\.1|4o|4-turbo)|^o[134](-|$)/, true],
  // Anthropic: every Claude from 3 on, but 3.5 Haiku launched without image input
  [/^claude-3[.-]5-haiku/, undefined],
  [/^claude-(3|opus|sonnet|haiku)/, true],
  [/^gemini-(1\.5|2|3)/, true],
  [/^grok-4/, true],
  [/^grok-(3|code)/, false],
  [/^(codestral|open-mistral-nemo)/, false],
  [/^deepseek-(chat|reasoner|r1)/, false],
  // Text models of open families (their vision variants matched above)
  [/^llama-?3\.[123]/, false],
  [/^qwen3($|-coder|-\d+b)/, false],
  [/^kimi-k2(-|$)/, false],
];

/**
 * The id without the routing a server puts around it: Gemini's `models/…`, OpenRouter's and Groq's
 * `vendor/…`, Ollama's `:tag`.
 */
export function normaliseModelId(modelId: string): string {
  return modelId
    .trim()
    .toLowerCase()
    .replace(/^models\//, '')
    .replace(/^[^/]+\//, '')
    .replace(/:[^:]*$/, '');
}

/** What the catalog knows about `modelId`, or safe limits for a model it does not know. */
export function lookupModel(modelId: string): ModelInfo {
  const id = normaliseModelId(modelId);
  const hit = entries.find(([pattern]) => pattern.test(id));
  const info: ModelInfo = hit
    ? { ...hit[1], known: true }
    : { contextWindowTokens: UNKNOWN_CONTEXT_WINDOW, reasoning: false, known: false };
  const images = imageInput.find(([pattern]) => pattern.test(id))?.[1];
  return images === undefined ? info : { ...info, images };
}
