/**
 * The one shape of a history search: what the search_history tool asks (after its dates are read), what
 * the background sends the offscreen engine, what the settings protocol's `index.search` carries, and what
 * the engine's search takes. Validated with this schema wherever it crosses a context.
 */
import { z } from 'zod';

const epoch = z.number().finite();

export const historyQuerySchema = z.object({
  query: z.string().trim().min(1).max(2000).describe('What to look for, in natural words.'),
  /** Only this domain and its subdomains. */
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(253)
    .optional()
    .describe('Only pages from this site and its subdomains, e.g. github.com.'),
  /** Epoch ms, inclusive. */
  since: epoch.optional(),
  /** Epoch ms, inclusive. */
  until: epoch.optional(),
  /** Default 8. */
  topK: z.number().int().min(1).max(100).optional(),
  /** Fused score 0..1 below which passages are dropped. Default 0.05. */
  minScore: z.number().min(0).max(1).optional(),
  /** Default 'hybrid' when the embedder matches the index; 'sparse'/'dense' isolate one side (diagnostics, tests). */
  mode: z.enum(['hybrid', 'sparse', 'dense']).optional(),
});

/** A history search request, validated. */
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
