/** One indexed page, as the engine lists it and the settings page's index browser shows it. */
export interface PageSummary {
  url: string;
  title: string;
  domain: string;
  visitedAt: number;
  /** The language the page declared (BCP 47), when it did. */
  lang?: string;
  chunks: number;
}
