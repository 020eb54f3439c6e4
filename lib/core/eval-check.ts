/**
 * A saved task's success check (issue 28, "Your own evals"): what must hold at the end of a run for it to count as
 * a success. It is data the extension checks itself, deterministically (lib/agent/eval-match.ts), never a question
 * put to the model: text that must appear in the final answer or on the page, a field's value (named as the page
 * tools name fields: by its label or accessible name), or the tab's final address (exact, prefix, or a pattern
 * whose only wildcard is `*`; no user regex, so no pattern can make the check slow).
 */
import { z } from 'zod';
import { checkHttpUrl } from './check-http-url';
import { t } from '../util/t';

export const MAX_CHECK_TEXT_CHARS = 2000;
export const MAX_CHECK_URL_CHARS = 2000;
/** A pattern has at most this many `*`: each one is a place the matcher may have to try again. */
export const MAX_PATTERN_STARS = 8;

/** Whether an address pattern is one the check can use: an http(s) address once each `*` stands for a letter. */
export function isUrlPattern(pattern: string): boolean {
  const stars = pattern.split('*').length - 1;
  if (stars > MAX_PATTERN_STARS) return false;
  return checkHttpUrl(pattern.replaceAll('*', 'x')).ok && /^https?:\/\//i.test(pattern);
}

/** Whether `url` is right for `match`: exact and prefix take an http(s) address, a pattern its own rule. */
export function isCheckUrl(match: 'exact' | 'prefix' | 'pattern', url: string): boolean {
  if (match === 'pattern') return isUrlPattern(url);
  return !url.includes('*') && checkHttpUrl(url).ok && /^https?:\/\//i.test(url);
}

const text = z
  .string()
  .trim()
  .min(1, { error: () => t('eval_check_text_empty') })
  .max(MAX_CHECK_TEXT_CHARS);

export const evalCheckSchema = z.discriminatedUnion('kind', [
  /** `text` must appear in the run's final answer, or in the page's text when the run ends. */
  z.object({ kind: z.literal('text'), where: z.enum(['answer', 'page']), text }),
  /** The field the page tools list under this label (or accessible name) must hold `value` at the end. */
  z.object({ kind: z.literal('field'), field: text, value: z.string().trim().max(MAX_CHECK_TEXT_CHARS) }),
  /** The run's tab ends on an address that is `url`, starts with it, or matches it (`*`: any characters). */
  z
    .object({
      kind: z.literal('url'),
      match: z.enum(['exact', 'prefix', 'pattern']),
      url: z.string().trim().max(MAX_CHECK_URL_CHARS),
    })
    .refine((c) => isCheckUrl(c.match, c.url), { error: () => t('eval_check_url_rule'), path: ['url'] }),
]);
export type EvalCheck = z.output<typeof evalCheckSchema>;

/** What a check found at the end of one run: whether it held, and what was seen (for the table). */
export interface CheckOutcome {
  passed: boolean;
  /** What the check saw, in the user's language (e.g. the final address, the field's value). */
  detail: string;
}
