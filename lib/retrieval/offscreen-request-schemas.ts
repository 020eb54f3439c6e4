/**
 * The offscreen engine's requests as its receivers validate them: one zod schema per request name of
 * offscreen-protocol.ts. Only receivers import this file (the offscreen document, and the background's own
 * request schemas, which take the delete target and the pages query from the settings page); senders type
 * their requests with the schema-free contract.
 */
import { lazyRecord } from '../util/lazy-record';
import { z } from 'zod';
import { embeddingModelSchema } from './index-settings';
import { historyQuerySchema } from './history-query';
import { sourceKindSchema } from './source-kind';

const epoch = z.number().finite();
const url = z.string().min(1).max(8192);
/**
 * Every request names the engine's model, so an offscreen document that outlived a restarted worker (or a
 * settings change) never serves with a stale one.
 */
const model = embeddingModelSchema;

export const capturedPageSchema = z.object({
  url,
  title: z.string().max(2000),
  lang: z.string().max(35),
  /** Already scrubbed of secrets by the background. */
  text: z.string().max(2_000_000),
  visitedAt: epoch,
  /** What the source is (absent: a web page); a PDF's text is in `# Page N` sections. */
  kind: sourceKindSchema.optional(),
});

/** The settings page's index browser: pages whose title or URL contains `query`, newest first. */
export const pagesQuerySchema = z.object({
  query: z.string().max(500).optional(),
  limit: z.number().int().min(1).max(5000).optional(),
});

export const deleteTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), url }),
  z.object({ kind: z.literal('domain'), domain: z.string().trim().toLowerCase().min(1).max(253) }),
  z.object({ kind: z.literal('range'), since: epoch, until: epoch }),
  z.object({ kind: z.literal('all') }),
  /** Every source of one kind (the folder's documents when the folder is forgotten). */
  z.object({ kind: z.literal('source'), source: sourceKindSchema }),
]);

export const offscreenRequestSchemas = lazyRecord({
  /** Chunks, embeds and indexes pages; answers once they are persisted. */
  ingest: () => z.object({ model, pages: z.array(capturedPageSchema).min(1).max(32) }),
  search: () => z.object({ model, request: historyQuerySchema }),
  stats: () => z.object({ model }),
  pages: () => z.object({ model, ...pagesQuerySchema.shape }),
  delete: () => z.object({ model, target: deleteTargetSchema }),
  /** Retention and size cap: drops visits before `before`, then the oldest pages past `maxChunks`. */
  evict: () => z.object({ model, before: epoch, maxChunks: z.number().int().min(0) }),
  /** fetch_url's reader: fetched HTML to Markdown with read_page's reader (this document has the DOM the worker lacks). */
  parseHtml: () => z.object({ html: z.string().max(6_000_000), url, maxChars: z.number().int().min(500).max(200_000) }),
  /**
   * A file's text (PDF, Word, Excel, CSV, text): its bytes wait in the document transfers store under
   * `transferId` (messages carry JSON only); the reply's text is cut at `maxChars`.
   */
  /** Or, for a file the user attached, `attachmentId`: its bytes are read where they are kept (and stay there). */
  readDocument: () =>
    z
      .object({
        transferId: z.uuid().optional(),
        attachmentId: z.uuid().optional(),
        name: z.string().min(1).max(1000),
        url: url.optional(),
        maxChars: z.number().int().min(500).max(10_000_000),
        /** A PDF's password, as the user typed it on the card (in this message only: never stored with the bytes). */
        password: z.string().min(1).max(1000).optional(),
        /** Draw the first scanned pages as images too (the model of the run takes images). */
        renderScans: z.boolean().optional(),
      })
      .refine((r) => (r.transferId === undefined) !== (r.attachmentId === undefined), {
        message: 'exactly one of transferId and attachmentId',
      }),
});
