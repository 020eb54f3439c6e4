/**
 * `GET /v1/events`: server-sent events of what the caller may see (a document indexed, failed or deleted; a team's
 * members changed), whichever instance made the change. Resumable: every event's id is its cursor, and a client
 * that reconnects with `Last-Event-ID` (or `?after=`) gets what it missed. The caller's token is checked again
 * every minute, and a stream whose token was revoked ends with a `signed-out` event.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { resolveCaller } from '../auth/resolve-caller';
import { withCaller } from '../db/with-caller';
import { currentEventCursor, parseEventCursor, readEventsAfter } from '../events/read-events';
import type { ApiEnv, ServerContext } from './server-context';

/** Events read at once; a backlog larger than this is sent in several reads without waiting. */
const BATCH = 200;

export interface EventStreamTimings {
  /** A comment line this often keeps proxies from closing an idle stream. */
  keepAliveMs: number;
  /** How often the token is checked again. */
  recheckMs: number;
}

export function addEventRoutes(
  app: OpenAPIHono<ApiEnv>,
  ctx: ServerContext,
  timings: EventStreamTimings = { keepAliveMs: 15_000, recheckMs: 60_000 },
) {
  app.get('/v1/events', async (c) => {
    const caller = c.get('caller');
    const authorization = c.req.header('authorization');
    const resumeFrom = parseEventCursor(c.req.header('last-event-id') ?? c.req.query('after'));
    let cursor = resumeFrom ?? (await withCaller(ctx.db.pool, caller, currentEventCursor));
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let wake: () => void = () => {};
      let woken = true;
      const unsubscribe = ctx.events.subscribe(() => {
        woken = true;
        wake();
      });
      stream.onAbort(() => wake());
      let checkedAt = Date.now();
      try {
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ instance: ctx.instanceId }) });
        while (!stream.aborted) {
          if (Date.now() - checkedAt >= timings.recheckMs) {
            checkedAt = Date.now();
            if ('failure' in (await resolveCaller(ctx.db.pool, authorization))) {
              await stream.writeSSE({ event: 'signed-out', data: '{}' });
              return;
            }
          }
          if (woken) {
            woken = false;
            const events = await withCaller(ctx.db.pool, caller, (tx) => readEventsAfter(tx, cursor, BATCH));
            for (const e of events) await stream.writeSSE({ id: e.id, event: e.kind, data: JSON.stringify(e) });
            if (events.length > 0) cursor = parseEventCursor(events.at(-1)!.id)!;
            if (events.length === BATCH) woken = true;
            if (woken) continue;
          }
          const timedOut = await new Promise<boolean>((resolve) => {
            const t = setTimeout(() => resolve(true), Math.min(timings.keepAliveMs, timings.recheckMs));
            wake = () => {
              clearTimeout(t);
              resolve(false);
            };
          });
          wake = () => {};
          if (timedOut && !stream.aborted) {
            await stream.write(': keep-alive\n\n');
            // Read again anyway: an event whose transaction began before another still running was held back.
            woken = true;
          }
        }
      } finally {
        unsubscribe();
      }
    });
  });
}
