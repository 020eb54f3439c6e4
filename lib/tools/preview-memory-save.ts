import { t } from '../util/t';
import { collapseLabel } from './collapse-label';

/** What the approval card shows for memory_save: the exact text that would be kept, and where it came from. */
export function previewMemorySave(input: { text: string; tags?: string[] }, pageUrl: string | undefined): string {
  // Model text (perhaps written at a page's request) is one line each, so it cannot forge a line of the card.
  const all = Number.MAX_SAFE_INTEGER;
  const lines = [t('preview_memory_text', collapseLabel(input.text, all))];
  if (input.tags?.length)
    lines.push(t('preview_memory_tags', input.tags.map((tag) => collapseLabel(tag, 60)).join(', ')));
  lines.push(pageUrl ? t('preview_memory_from', collapseLabel(pageUrl, all)) : t('preview_memory_from_no_page'));
  return lines.join('\n');
}
