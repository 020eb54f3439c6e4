import type { CardProps } from './card-props';
import { describeReadPage } from './describe-read-page';
import { PageContent } from './PageContent';
import { outputOf } from './result-of';
import { formatCount } from '../../options/format-figures';
import { t } from '../../ui/t';

/** read_page: which page was read, how much of it, and how it begins. */
export function ReadPageCard({ part }: CardProps) {
  const page = describeReadPage(outputOf(part));
  if (!page) return null;
  return (
    <div class="card-read-page">
      <div class="card-title">{page.title}</div>
      <div class="card-meta">
        {page.host && <span class="card-host">{page.host}</span>}
        <span class="card-size">
          {page.partial ? t('read_page_partial', formatCount(page.words, 'word')) : formatCount(page.words, 'word')}
        </span>
      </div>
      {page.excerpt && <PageContent>{page.excerpt}</PageContent>}
    </div>
  );
}
