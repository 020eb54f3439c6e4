/**
 * Token counts by the model's own tokenizer where one exists as a library: OpenAI's encodings through
 * js-tiktoken, whose tables (2.3 MB for o200k_base) are not in any bundle but fetched from the extension's
 * own files the first time a run needs them (`prepare`). Every other model (Anthropic's, local models), and
 * an OpenAI model before its table has loaded, is counted by the per-script estimate.
 */
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { estimateTokensByScript } from './estimate-tokens-by-script';
import { openAiEncodingOf, type OpenAiEncoding } from './openai-encoding-of';

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

/** The model a count is for. */
export interface CountedModel {
  modelId: string;
}

export interface TokenCounter {
  /** The counter for `model`: its encoding when loaded, else the estimate. */
  counterFor(model: CountedModel): CountTokens;
  /** Loads `model`'s encoding if it has one; never rejects (a failed load leaves the estimate). */
  prepare(model: CountedModel): Promise<void>;
}

/** Where the encodings' tables come from (the background fetches them from the extension's files). */
export type LoadEncoding = (name: OpenAiEncoding) => Promise<TiktokenBPE>;

export function createTokenCounter({ loadEncoding }: { loadEncoding: LoadEncoding }): TokenCounter {
  const loaded = new Map<OpenAiEncoding, CountTokens>();
  const loading = new Map<OpenAiEncoding, Promise<void>>();
  return {
    counterFor(model) {
      const name = openAiEncodingOf(model.modelId);
      return (name && loaded.get(name)) || estimateTokensByScript;
    },
    prepare(model) {
      const name = openAiEncodingOf(model.modelId);
      if (!name || loaded.has(name)) return Promise.resolve();
      let p = loading.get(name);
      if (!p) {
        p = loadEncoding(name).then(
          (ranks) => {
            const encoder = new Tiktoken(ranks);
            // Special-token text in a page ("<|endoftext|>") is counted as the plain text it is sent as.
            loaded.set(name, (text) => encoder.encode(text, [], []).length);
          },
          (error: unknown) => {
            loading.delete(name);
            console.warn(`Tabwise: ${name} could not be loaded; token counts are estimated`, error);
          },
        );
        loading.set(name, p);
      }
      return p;
    },
  };
}
