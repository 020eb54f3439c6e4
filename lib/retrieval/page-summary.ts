/** One indexed page, as the engine lists it and the settings page's index browser shows it. */
export interface PageSummary {
  url: string;
  title: string;
  domain: string;
  visitedAt: number;
  chunks: number;
}
