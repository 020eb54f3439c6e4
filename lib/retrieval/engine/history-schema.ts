/** The Orama schema of a history chunk, and the document Orama stores for it. */
import type { SourceKind } from '../source-kind';

/** The schema's full-text field (title, heading path and chunk text are indexed together). */
export const TEXT_FIELD = 'text';
/** The schema's vector field. */
export const VECTOR_FIELD = 'embedding';

/** The Orama schema of a history chunk. `domains` lists the host and its parent domains. */
export function historySchema(dims: number) {
  return {
    [TEXT_FIELD]: 'string',
    domains: 'enum[]',
    visitedAt: 'number',
    [VECTOR_FIELD]: `vector[${dims}]`,
  } as const;
}

/** The stored document of a chunk (the vector lives only in the vector field, not in the document). */
export interface HistoryDoc {
  /** Orama's document id: the chunk's slot, as a string. */
  key: string;
  pageKey: string;
  ordinal: number;
  url: string;
  title: string;
  domain: string;
  domains: string[];
  visitedAt: number;
  /** The page's language, which its words are stemmed by (absent: not stemmed). */
  lang?: string;
  /** What the source is (absent: a web page): how its citation opens it. */
  kind?: SourceKind;
  headingPath: string[];
  text: string;
  [VECTOR_FIELD]?: number[];
}
