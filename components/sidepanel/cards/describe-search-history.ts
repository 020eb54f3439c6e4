import { fieldsOf, hostOf, list, str } from './card-guards';
import type { HistoryPassageOutput, SearchHistoryOutput } from '../../../lib/tools/search-history-tool';
import { t } from '../../ui/t';

/** A passage found in the user's history, with the source its citation chip opens. */
export interface HistoryPassageView {
  title: string;
  url: string;
  host: string;
  /** The passage text (page content: shown as text, marked as such). */
  text: string;
  visitedAt?: string;
  /** The team whose document it is (`source: "team: <name>"`); absent for a page read in this browser. */
  team?: string;
}

const MAX_PASSAGE = 400;

export function describeSearchHistory(
  output: unknown,
): { passages: HistoryPassageView[]; note?: string; teamNote?: string } | undefined {
  const v = fieldsOf<SearchHistoryOutput>(output);
  if (!v || !Array.isArray(v.passages)) return undefined;
  const passages = list(v.passages).flatMap((item): HistoryPassageView[] => {
    const p = fieldsOf<HistoryPassageOutput>(item);
    if (!p) return [];
    // The fragment URL opens the page at the passage; the plain URL where there is none.
    const url = str(p.fragmentUrl) || str(p.url) || '';
    const text = (str(p.snippet) || str(p.text) || '').replace(/\s+/g, ' ').trim();
    const visitedAt = str(p.visitedAt);
    const team = /^team: (.+)$/.exec(str(fieldsOf<{ source: unknown }>(item)?.source) ?? '')?.[1];
    return [
      {
        title: str(p.title) || hostOf(url) || t('card_untitled_page'),
        url,
        host: hostOf(url),
        text: text.length > MAX_PASSAGE ? `${text.slice(0, MAX_PASSAGE).trimEnd()}…` : text,
        ...(visitedAt ? { visitedAt } : {}),
        ...(team ? { team } : {}),
      },
    ];
  });
  const note = str(v.note);
  const teamNote = str(v.teamNote);
  return { passages, ...(note ? { note } : {}), ...(teamNote ? { teamNote } : {}) };
}
