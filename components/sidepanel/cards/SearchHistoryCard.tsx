import type { CardProps } from './card-props';
import { CitationChip } from './CitationChip';
import { describeSearchHistory } from './describe-search-history';
import { PageContent } from './PageContent';
import { outputOf } from './result-of';
import { t } from '../../ui/t';

/**
 * search_history: quoted passages, each with its source as a citation chip (a team's document says whose), and
 * why the team's passages are missing when they are.
 */
export function SearchHistoryCard({ part }: CardProps) {
  const found = describeSearchHistory(outputOf(part));
  if (!found) return null;
  const teamNote = found.teamNote && <p class="card-note">{found.teamNote}</p>;
  if (found.passages.length === 0)
    return (
      <>
        <p class="card-note">{found.note ?? t('search_nothing')}</p>
        {teamNote}
      </>
    );
  return (
    <>
      <ol class="card-passages">
        {found.passages.map((p, i) => (
          <li key={i}>
            <PageContent label={p.team ? t('search_from_team', p.team) : t('search_from_page')}>{p.text}</PageContent>
            <CitationChip title={p.title} url={p.url} />
          </li>
        ))}
      </ol>
      {teamNote}
    </>
  );
}
