/**
 * Keep answering when a provider fails: a run carries its model chain (its own model, then the fallbacks the
 * user listed, in order), and a model call that failed for a reason another provider may not share (rate
 * limit, overload, server error, timeout, unreachable), after the SDK's retries and before any output, moves
 * the run to the next model in the chain. A key or request error (400, 401, 403) is the user's to fix and
 * never falls back: another provider would only hide it.
 */
import type { ErrorCode } from '../core/error-code';
import type { ErrorInfo } from '../core/error-info';
import { t } from '../util/t';
import type { ModelChoice, ModelRef } from './model-ref';

/** One model of a run's chain, with the label the user knows it by ("Provider · model"). */
const FALL_BACK_ON: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'rate_limited',
  'overloaded',
  'server',
  'timeout',
  'stalled',
  'network',
]);
const NEVER_ON_STATUS: ReadonlySet<number> = new Set([400, 401, 403]);

/** Whether a failed model call may move to the next model. */
export function fallsBack(error: ErrorInfo): boolean {
  if (error.status !== undefined && NEVER_ON_STATUS.has(error.status)) return false;
  return FALL_BACK_ON.has(error.code);
}

export const sameModel = (a: ModelRef, b: ModelRef): boolean => a.provider === b.provider && a.modelId === b.modelId;

/**
 * The models after `current` in `chain`, in order (the candidates to move to). A model not in the chain (a
 * run journaled without one) has none.
 */
export function modelsAfter(chain: readonly ModelChoice[] | undefined, current: ModelRef): ModelChoice[] {
  if (!chain) return [];
  const at = chain.findIndex((c) => sameModel(c.ref, current));
  return at < 0 ? [] : chain.slice(at + 1);
}

/** The label of `current` in `chain`, else "provider · model" from the reference itself. */
export function labelOf(chain: readonly ModelChoice[] | undefined, current: ModelRef): string {
  return chain?.find((c) => sameModel(c.ref, current))?.label ?? `${current.provider} · ${current.modelId}`;
}

/**
 * A run's chain: its own model first, then each fallback once, leaving out the run's own model and repeats
 * (the user's list may name the model the conversation was moved to).
 */
export function buildModelChain(own: ModelChoice, fallbacks: readonly ModelChoice[]): ModelChoice[] {
  const chain = [own];
  for (const f of fallbacks) if (!chain.some((c) => sameModel(c.ref, f.ref))) chain.push(f);
  return chain;
}

/** Why the model was left, in a few words of the user's language. */
export function describeFailure(error: ErrorInfo): string {
  switch (error.code) {
    case 'rate_limited':
      return t('bg_fallback_rate_limited');
    case 'overloaded':
      return t('bg_fallback_overloaded');
    case 'timeout':
    case 'stalled':
      return t('bg_fallback_timeout');
    case 'network':
      return t('bg_fallback_unreachable');
    default:
      return error.status ? t('bg_fallback_server_status', String(error.status)) : t('bg_fallback_server');
  }
}

/** The notice in the answer: which model failed, why, and which one answers now (journaled as said). */
export const fallbackNotice = (from: string, error: ErrorInfo, to: string): string =>
  t('bg_notice_fallback', from, describeFailure(error), to);
