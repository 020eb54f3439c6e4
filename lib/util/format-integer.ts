/**
 * A whole number written the way the UI's language writes it (1,000 / 1.000 / 1 000), for text composed in
 * lib/ and in the pages. The language comes from the messages themselves ('ui_lang'), so numbers match the
 * words around them; the formatter is kept per language, since this runs for every usage line while streaming.
 */
import { t } from './t';

const formatters = new Map<string, Intl.NumberFormat>();

export function formatInteger(n: number): string {
  const lang = t('ui_lang');
  let f = formatters.get(lang);
  if (!f) formatters.set(lang, (f = new Intl.NumberFormat(lang)));
  return f.format(n);
}
