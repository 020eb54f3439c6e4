/**
 * "Test connection" for a server address typed by hand: many OpenAI-compatible servers (Ollama, LM Studio,
 * vLLM, llama.cpp) answer at `<address>/v1`, and people type the address without it, or with the endpoint's
 * own path on the end. The usual paths are tried before failing; a failure says what was tried and what to type.
 */
import type { ProviderKind } from '../core/provider-config';
import { t } from '../util/t';
import { listModelsWithLimits } from './list-models';
import { ProviderError } from './provider-error';
import type { ReportedLimits } from './read-reported-limits';

type Target = Parameters<typeof listModelsWithLimits>[0];
export type ListModels = (target: Target) => Promise<{ models: string[]; reported?: Record<string, ReportedLimits> }>;

/** The kinds whose base URL is the path before `/models` and `/chat/completions` (the SDK adds nothing). */
const TRIES_PATHS: ReadonlySet<ProviderKind> = new Set(['openai-compatible', 'openai']);

/** Errors that say "nothing here" (a wrong path), not "the server is down" or "the key is wrong". */
const wrongPath = (e: unknown) =>
  e instanceof ProviderError && (e.code === 'not_found' || e.status === 405 || e.code === 'bad_request');

const trimSlashes = (s: string) => s.replace(/\/+$/, '');

/** The address as typed, then without an endpoint path on the end, then with `/v1` added; no duplicates. */
export function candidateBaseUrls(baseUrl: string): string[] {
  const typed = trimSlashes(baseUrl.trim());
  if (!URL.canParse(typed)) return [typed];
  const stripped = trimSlashes(typed.replace(/\/(chat\/completions|completions|models)$/, ''));
  const withV1 = /\/v1$/.test(stripped) ? stripped : `${stripped}/v1`;
  return [...new Set([typed, stripped, withV1])];
}

/**
 * The models of the first usual path that lists them, with `baseUrl` set when that is not the address typed
 * (the form then shows and saves the one that works).
 */
export async function listModelsAtUsualPaths(
  target: Target,
  list: ListModels = listModelsWithLimits,
): Promise<{ models: string[]; reported?: Record<string, ReportedLimits>; baseUrl?: string }> {
  if (!TRIES_PATHS.has(target.kind) || !target.baseUrl) return list(target);
  const candidates = candidateBaseUrls(target.baseUrl);
  let first: unknown;
  for (const baseUrl of candidates) {
    try {
      const found = await list({ ...target, baseUrl });
      return baseUrl === candidates[0] ? found : { ...found, baseUrl };
    } catch (error) {
      first ??= error;
      if (!wrongPath(error)) throw baseUrl === candidates[0] ? error : first;
    }
  }
  const tried = candidates.map((c) => `${c}/models`).join(', ');
  const said = first instanceof Error && first.message ? first.message : '';
  throw new ProviderError({
    code: 'not_found',
    message: t('prov_no_models_at', tried, candidates.at(-1)!, said),
    cause: first,
  });
}
