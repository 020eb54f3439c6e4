/** The two wire formats the fake server speaks. */
export type Wire = 'openai' | 'anthropic';

/** One request as the fake server received it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Header names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** Parsed JSON body; the raw text if it was not JSON; undefined if empty. */
  body: unknown;
  wire: Wire;
  /** The query string without `?` (Azure's `api-version` travels here); '' when there is none. */
  query?: string;
  /** `Date.now()` when the request arrived, so it compares with times stamped in other processes. */
  at: number;
}
