import type { CardProps } from './card-props';
import { CitationChip } from './CitationChip';
import { describeWebSearch } from './describe-web-search';
import { PageContent } from './PageContent';
import { outputOf } from './result-of';
import { t } from '../../ui/t';

/** web_search: the numbered results, each snippet marked as web text, each source a citation chip. */
export function WebSearchCard({ part }: CardProps) {
  const found = describeWebSearch(outputOf(part));
  if (!found) return null;
  if (found.results.length === 0) return <p class="card-note">{found.note ?? t('card_web_no_results')}</p>;
  return (
    <ol
      class="card-passages"
      aria-label={found.backend ? t('card_web_results_from', found.backend) : t('card_web_results')}
    >
      {found.results.map((r) => (
        <li key={r.n} value={r.n}>
          {r.snippet && <PageContent label={t('card_web_from_result')}>{r.snippet}</PageContent>}
          <CitationChip title={r.title} url={r.url} />
        </li>
      ))}
    </ol>
  );
}
