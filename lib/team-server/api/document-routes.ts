/** Upload, list, read and delete documents. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { withCaller } from '../db/with-caller';
import { deleteDocument, getDocument, listDocuments } from '../documents/document-queries';
import { storeDocument } from '../documents/store-document';
import { retryAfterSeconds } from '../ingest/ingest-queue';
import { apiError } from './api-error';
import { rateLimited } from './rate-limited';
import {
  DocumentSchema,
  DocumentWithPassagesSchema,
  ErrorSchema,
  IdParamSchema,
  ListQuerySchema,
  UploadResultSchema,
  UploadSchema,
} from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const errors = {
  400: json(ErrorSchema, 'Invalid request'),
  401: json(ErrorSchema, 'No valid token'),
  403: json(ErrorSchema, 'Not allowed'),
} as const;
const security = [{ bearer: [] }];

const upload = createRoute({
  method: 'post',
  path: '/v1/documents',
  security,
  summary: 'Upload a document (text or passages); idempotent by content hash',
  request: { body: { content: { 'application/json': { schema: UploadSchema } }, required: true } },
  responses: {
    200: json(UploadResultSchema, 'Already there: the same passages in the same place'),
    202: json(UploadResultSchema, 'Stored and queued for indexing'),
    413: json(ErrorSchema, 'Too large'),
    429: json(ErrorSchema, 'Too many uploads from you: retry after Retry-After seconds'),
    503: json(ErrorSchema, 'The ingestion queue is full: retry after Retry-After seconds'),
    ...errors,
  },
});

const list = createRoute({
  method: 'get',
  path: '/v1/documents',
  security,
  summary: 'Your documents; a team admin sees every document of the team',
  request: { query: ListQuerySchema },
  responses: { 200: json(DocumentSchema.array(), 'Newest first'), ...errors },
});

const get = createRoute({
  method: 'get',
  path: '/v1/documents/{id}',
  security,
  summary: 'A document you may read, with its passages',
  request: { params: IdParamSchema },
  responses: { 200: json(DocumentWithPassagesSchema, 'The document'), 404: json(ErrorSchema, 'Not found'), ...errors },
});

const remove = createRoute({
  method: 'delete',
  path: '/v1/documents/{id}',
  security,
  summary: 'Delete your document (an admin: any of the team)',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Deleted' }, 404: json(ErrorSchema, 'Not found'), ...errors },
});

export function addDocumentRoutes(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  const pool = ctx.db.pool;
  app.use(
    '/v1/documents',
    bodyLimit({
      maxSize: ctx.maxUploadBytes,
      onError: (c) => apiError(c, 413, 'payload_too_large', `uploads are at most ${ctx.maxUploadBytes} bytes`),
    }),
  );
  app.use('/v1/documents', rateLimited(ctx, 'upload', 'POST'));
  app.openapi(upload, async (c) => {
    const body = c.req.valid('json');
    const caller = c.get('caller');
    // Refused before anything is written: a full queue must not leave documents nobody will index.
    const waiting = await ctx.queue.depth();
    if (waiting >= ctx.queueCapacity) {
      c.header('Retry-After', String(retryAfterSeconds(waiting, ctx.queueCapacity)));
      return apiError(c, 503, 'queue_full', 'the ingestion queue is full');
    }
    const passages = body.passages ?? [body.text!];
    const stored = await withCaller(pool, caller, (tx) =>
      storeDocument(tx, caller.userId, { ...body, passages, title: body.title }),
    );
    if (stored.enqueue) {
      const queued = await ctx.queue.enqueue({ documentId: stored.document.id, ownerId: caller.userId });
      if (!queued.queued) {
        // Full between the check and now: marked failed with the reason; the same upload again queues it again.
        await withCaller(pool, caller, (tx) =>
          tx.query(`UPDATE documents SET status = 'failed', error = 'the ingestion queue was full' WHERE id = $1`, [
            stored.document.id,
          ]),
        );
        c.header('Retry-After', String(queued.retryAfterSeconds));
        return apiError(c, 503, 'queue_full', 'the ingestion queue is full');
      }
    }
    return c.json({ document: stored.document, duplicate: !stored.created }, stored.created ? 202 : 200);
  });
  app.openapi(list, async (c) => {
    const caller = c.get('caller');
    const docs = await withCaller(pool, caller, (tx) => listDocuments(tx, caller.userId, c.req.valid('query')));
    return c.json(docs, 200);
  });
  app.openapi(get, async (c) => {
    const doc = await withCaller(pool, c.get('caller'), (tx) => getDocument(tx, c.req.valid('param').id));
    return doc ? c.json(doc, 200) : apiError(c, 404, 'not_found', 'no such document');
  });
  app.openapi(remove, async (c) => {
    const gone = await withCaller(pool, c.get('caller'), (tx) => deleteDocument(tx, c.req.valid('param').id));
    return gone ? c.body(null, 204) : apiError(c, 404, 'not_found', 'no such document');
  });
}
