import type { SourceKind } from './source-kind';

/** One indexed page, as the engine lists it and the settings page's index browser shows it. */
export interface PageSummary {
  url: string;
  title: string;
  domain: string;
  visitedAt: number;
  /** The language the page declared (BCP 47), when it did. */
  lang?: string;
  /** What the source is (absent: a web page). */
  kind?: SourceKind;
  chunks: number;
}
