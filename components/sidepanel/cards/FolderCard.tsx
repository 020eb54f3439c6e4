import type { CardProps } from './card-props';
import { describeFolder } from './describe-folder';
import { PageContent } from './PageContent';
import { outputOf } from './result-of';
import { t } from '../../ui/t';

/** list_files, search_files, stat_file and read_file: the folder's name, the paths (with sizes or matching lines), a read file's beginning. */
export function FolderCard({ part }: CardProps) {
  const folder = describeFolder(part.toolName, outputOf(part));
  if (!folder) return null;
  return (
    <div class="card-folder">
      <p class="card-note">{t('folder_card_in', folder.folder)}</p>
      {folder.lines.length === 0 ? (
        <p class="card-note">{t(part.toolName === 'search_files' ? 'folder_card_no_matches' : 'folder_card_empty')}</p>
      ) : (
        <ul class="card-tabs">
          {folder.lines.map((line, i) => (
            <li key={i}>
              <span class="card-title">{line.label}</span>
              {line.detail && (
                <span class="card-host" title={line.detail}>
                  {line.detail}
                </span>
              )}
            </li>
          ))}
          {folder.more > 0 && <li class="card-note">{t('folder_card_more', String(folder.more))}</li>}
        </ul>
      )}
      {folder.excerpt && <PageContent label={t('folder_card_file_text')}>{folder.excerpt}</PageContent>}
    </div>
  );
}
