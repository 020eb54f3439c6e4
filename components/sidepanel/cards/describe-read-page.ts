import { fieldsOf, hostOf, num, str } from './card-guards';
import type { PageToolOutput } from '../../../lib/tools/page/page-tools';
import type { FetchUrlOutput } from '../../../lib/tools/web/fetch-url-tool';
import { t } from '../../ui/t';

/** What the read_page card shows: which page, how much of it, and how it begins. */
export interface ReadPageSummary {
  title: string;
  url: string;
  host: string;
  words: number;
  /** The part read is not the whole page (it continues at a later offset). */
  partial: boolean;
  excerpt: string;
}

const EXCERPT_CHARS = 280;

/**
 * Markdown reduced to its words, for a plain-text excerpt (never rendered as Markdown): real links and images
 * become their text, line markers and emphasis go, and the reader's backslash escapes are undone, so text
 * the page wrote (even text that looks like markup) is shown as the page showed it.
 */
const plain = (markdown: string) =>
  markdown
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    // One pass, left to right, so an escaped bracket is text and never the start of a link.
    .replace(
      /\\([\\`*_{}[\]()#+\-.!<>|~])|!?\[([^\]\\]*)\]\([^)]*\)|\*\*|__|`/g,
      (_m, escaped?: string, text?: string) => escaped ?? text ?? '',
    )
    .replace(/\s+/g, ' ')
    .trim();

/** read_page's and fetch_url's output, checked field by field. */
export function describeReadPage(output: unknown): ReadPageSummary | undefined {
  const v = fieldsOf<PageToolOutput<'read_page'> | FetchUrlOutput>(output);
  if (!v) return undefined;
  const markdown = str(v.markdown);
  const url = str(v.url) ?? '';
  if (markdown === undefined) return undefined;
  const text = plain(markdown);
  const words = text ? text.split(' ').length : 0;
  return {
    title: str(v.title) || hostOf(url) || t('card_untitled_page'),
    url,
    host: hostOf(url),
    words,
    partial: num(v.nextOffset) !== undefined || (num(v.offset) ?? 0) > 0,
    excerpt: text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text,
  };
}
