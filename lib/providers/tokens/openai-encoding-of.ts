/** Which of OpenAI's encodings a model uses, by its id (also behind a router prefix such as "openai/"). */
export type OpenAiEncoding = 'o200k_base' | 'cl100k_base';

/**
 * o200k_base for GPT-4o, GPT-4.1, GPT-4.5, GPT-5, the o-series and gpt-oss; cl100k_base for GPT-4 and GPT-3.5
 * (OpenAI's tiktoken model table); undefined for every other model, whose tokenizer is not OpenAI's.
 */
export function openAiEncodingOf(modelId: string): OpenAiEncoding | undefined {
  const id = modelId.toLowerCase().replace(/^openai\//, '');
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|gpt-oss)/.test(id)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada)/.test(id)) return 'cl100k_base';
  return undefined;
}
