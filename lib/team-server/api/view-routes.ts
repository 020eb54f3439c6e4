/**
 * The document view: `POST /v1/documents/{id}/view-link` (a member, for a document they may read) answers a link
 * that lives five minutes; `GET /v1/view/{token}` (no bearer token: a browser tab opens it) serves the document as
 * escaped HTML under a CSP that loads and runs nothing. A forged, expired or other person's unreadable link is 404.
 */
import { createHash } from 'node:crypto';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { withCaller } from '../db/with-caller';
import { createViewLink, openViewLink } from '../documents/document-views';
import { renderDocumentView, VIEW_STYLE } from '../documents/render-document-view';
import { apiError } from './api-error';
import { rateLimited } from './rate-limited';
import { ErrorSchema, IdParamSchema, ViewLinkRequestSchema, ViewLinkSchema } from './schemas';
import type { ApiEnv, ServerContext } from './server-context';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** The path a link opens, under /v1 but outside the bearer check (create-app.ts). */
export const VIEW_PATH_PREFIX = '/v1/view/';

const STYLE_HASH = createHash('sha256').update(VIEW_STYLE, 'utf8').digest('base64');

/** Nothing loads or runs: not the document's markup (escaped anyway), not a frame, a form, a base or a plugin. */
export const VIEW_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  'sandbox',
].join('; ');

const viewLink = createRoute({
  method: 'post',
  path: '/v1/documents/{id}/view-link',
  security: [{ bearer: [] }],
  summary: 'A five-minute link to the document view of a document you may read, scrolled to a cited passage',
  request: {
    params: IdParamSchema,
    body: { content: { 'application/json': { schema: ViewLinkRequestSchema } }, required: false },
  },
  responses: {
    201: json(ViewLinkSchema, 'The link'),
    400: json(ErrorSchema, 'Invalid request'),
    401: json(ErrorSchema, 'No valid token'),
    404: json(ErrorSchema, 'Not found'),
    429: json(ErrorSchema, 'Too many requests from you: retry after Retry-After seconds'),
  },
});

const secureHeaders = (c: Context) => {
  c.header('Content-Security-Policy', VIEW_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
};

export function addViewLinkRoute(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  app.use('/v1/documents/:id/view-link', rateLimited(ctx, 'search', 'POST'));
  app.openapi(viewLink, async (c) => {
    const caller = c.get('caller');
    const target = c.req.valid('json') ?? {};
    const link = await withCaller(ctx.db.pool, caller, (tx) =>
      createViewLink(tx, caller.userId, c.req.valid('param').id, target),
    );
    if (!link) return apiError(c, 404, 'not_found', 'no such document');
    const fragment = target.passage !== undefined || target.position !== undefined ? '#cited' : '';
    return c.json({ ...link, url: `${ctx.publicUrl()}${VIEW_PATH_PREFIX}${link.token}${fragment}` }, 201);
  });
}

/** The page itself; mounted before the bearer check. */
export function addViewPageRoute(app: OpenAPIHono<ApiEnv>, ctx: ServerContext) {
  app.get(`${VIEW_PATH_PREFIX}:token`, async (c) => {
    secureHeaders(c);
    const content = await openViewLink(ctx.db.pool, c.req.param('token'));
    if (!content) return c.text('This link has expired or does not exist. Open the citation again.', 404);
    return c.html(renderDocumentView(content), 200);
  });
}
