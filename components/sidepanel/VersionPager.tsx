/** "‹ 2 / 3 ›" under an answer that has versions (Regenerate keeps each earlier answer): which one is shown. */
import { t } from '../ui/t';

interface Props {
  /** The version shown, 0-based. */
  index: number;
  count: number;
  /** An answer is being written: the version shown must not change under it. */
  disabled: boolean;
  onShow(index: number): void;
}

export function VersionPager({ index, count, disabled, onShow }: Props) {
  return (
    <span class="version-pager">
      <button
        type="button"
        class="link"
        aria-label={t('actions_previous_version')}
        disabled={disabled || index === 0}
        onClick={() => onShow(index - 1)}
      >
        ‹
      </button>
      <span class="version-count">
        <span aria-hidden="true">
          {index + 1} / {count}
        </span>
        <span class="sr-only">{t('actions_version_of', index + 1, count)}</span>
      </span>
      <button
        type="button"
        class="link"
        aria-label={t('actions_next_version')}
        disabled={disabled || index === count - 1}
        onClick={() => onShow(index + 1)}
      >
        ›
      </button>
    </span>
  );
}
