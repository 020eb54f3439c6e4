/**
 * The chat's notice for a trimmed context, in the user's language. trimContext writes its own English note
 * into what the model reads; this is the user's copy of the same cuts (shown, journaled and replayed).
 */
import { t } from '../util/t';
import { formatInteger } from '../util/format-integer';
import type { TrimCuts } from './trim-context';

/** What was cut, each as a whole phrase with its count; undefined when nothing was. */
export function describeTrim(cuts: TrimCuts): string | undefined {
  const said = [
    cuts.truncated && t('bg_trim_shortened', formatInteger(cuts.truncated)),
    cuts.reasoning && t('bg_trim_reasoning', formatInteger(cuts.reasoning)),
    cuts.stubbed && t('bg_trim_stubbed', formatInteger(cuts.stubbed)),
    cuts.dropped && t('bg_trim_dropped', formatInteger(cuts.dropped)),
  ].filter((s): s is string => typeof s === 'string');
  return said.length ? t('bg_trim_notice', said.join(t('bg_trim_separator'))) : undefined;
}
