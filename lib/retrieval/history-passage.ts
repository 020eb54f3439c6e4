/**
 * The one shape of a passage found in the reading history: what the engine answers a search with, what
 * the background hands the search_history tool and the grounding block, and what `index.search` returns.
 */
import { z } from 'zod';

export const historyPassageSchema = z.object({
  title: z.string(),
  url: z.string(),
  /** Where the citation opens: `url#:~:text=…` scrolling to the passage, or a PDF at its page (`url#page=N`). */
  fragmentUrl: z.string(),
  visitedAt: z.number(),
  score: z.number(),
  /** An excerpt around the query terms, '…' where cut. */
  snippet: z.string(),
  /** [start, end) ranges of matched words in `snippet`. */
  highlights: z.array(z.tuple([z.number(), z.number()])),
  headingPath: z.array(z.string()),
  /** The whole chunk, for grounding. */
  text: z.string(),
  chunkId: z.string(),
});

/** A passage the model can quote and the user can click back to. */
export type HistoryPassage = z.infer<typeof historyPassageSchema>;

/**
 * What grounding puts in a run's prompt: the passage without its search details. A team's passage says its
 * `source` (`team: <name>`) and where its text was read (`readFrom`: the team server's origin, for the egress gate).
 */
export type GroundingPassage = Pick<HistoryPassage, 'title' | 'url' | 'fragmentUrl' | 'visitedAt' | 'text'> & {
  source?: string;
  readFrom?: string;
};
