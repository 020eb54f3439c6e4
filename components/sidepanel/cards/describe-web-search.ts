import { fieldsOf, hostOf, list, num, str } from './card-guards';
import type { WebResult, WebSearchOutput } from '../../../lib/tools/web/web-search-tool';
import { t } from '../../ui/t';

/** One web_search result as its card shows it: its number (what the answer cites), title, source and snippet. */
export interface WebResultView {
  n: number;
  title: string;
  url: string;
  snippet: string;
}

export function describeWebSearch(
  output: unknown,
): { results: WebResultView[]; backend?: string; note?: string } | undefined {
  const v = fieldsOf<WebSearchOutput>(output);
  if (!v || !Array.isArray(v.results)) return undefined;
  const results = list(v.results).flatMap((item, i): WebResultView[] => {
    const r = fieldsOf<WebResult>(item);
    if (!r) return [];
    const url = str(r.url) ?? '';
    return [
      {
        n: num(r.n) ?? i + 1,
        title: str(r.title) || hostOf(url) || t('tabs_untitled'),
        url,
        snippet: str(r.snippet) ?? '',
      },
    ];
  });
  const backend = str(v.backend);
  const note = str(v.note);
  return { results, ...(backend ? { backend } : {}), ...(note ? { note } : {}) };
}
