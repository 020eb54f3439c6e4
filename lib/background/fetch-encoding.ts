/**
 * Loads one of OpenAI's encodings from the extension's own files (`tokenizers/<name>.json`, written by the
 * build from js-tiktoken's tables: wxt.config.ts), so the 2.3 MB table is read only when a run of an OpenAI
 * model first needs it, never at the worker's start and never in a page or the panel.
 */
import type { TiktokenBPE } from 'js-tiktoken/lite';
import type { OpenAiEncoding } from '../providers/tokens/openai-encoding-of';

export async function fetchEncoding(name: OpenAiEncoding): Promise<TiktokenBPE> {
  const response = await fetch(chrome.runtime.getURL(`/tokenizers/${name}.json`));
  if (!response.ok) throw new Error(`tokenizers/${name}.json: HTTP ${response.status}`);
  return (await response.json()) as TiktokenBPE;
}
