/**
 * Wakes an instance's event streams when new events may have committed, whichever instance wrote them.
 *
 * Two ways, one contract. On an external Postgres a dedicated connection LISTENs on `tabwise_events` (the
 * migration's trigger NOTIFYs at commit). On the embedded PGlite that cannot work: PGlite is one Postgres session
 * that pglite-socket shares between its connections, and the bytes of a NotificationResponse go back on the
 * connection whose query committed the NOTIFY, never to the one that listened (seen with pg 8 and pglite-socket
 * 0.2: a LISTEN on connection A hears nothing of a NOTIFY sent on connection B); the socket also serves one
 * connection here. So the embedded database is polled: one cheap `max(id)` a tick, only while someone listens.
 * Either way the events themselves are read from the table (read-events.ts), so a missed wake-up loses nothing.
 */
import type pg from 'pg';

export interface EventFeed {
  readonly mode: 'listen' | 'poll';
  /** Calls `wake` whenever new events may be there; answers the unsubscribe. */
  subscribe(wake: () => void): () => void;
  stop(): Promise<void>;
}

export interface EventFeedOptions {
  pool: pg.Pool;
  mode: 'listen' | 'poll';
  /** Listen mode: a connection of its own, outside the pool (it is held for as long as the feed runs). */
  connect?: () => Promise<pg.Client>;
  /** How often the poll looks (and, in listen mode, the safety net for a lost connection). */
  pollMs?: number;
}

export function createEventFeed(options: EventFeedOptions): EventFeed {
  const { pool, mode } = options;
  const pollMs = options.pollMs ?? (mode === 'poll' ? 500 : 5000);
  const subscribers = new Set<() => void>();
  let lastMax = -1;
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  let stopped = false;
  const wakeAll = () => subscribers.forEach((wake) => wake());

  const poll = async () => {
    const { rows } = await pool.query<{ max: string | null }>('SELECT max(id)::text AS max FROM tabwise.events');
    const max = Number(rows[0]?.max ?? 0);
    if (max !== lastMax) {
      lastMax = max;
      wakeAll();
    }
  };
  const schedule = () => {
    if (stopped || subscribers.size === 0 || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      poll()
        .catch((error: Error) => console.warn(`team-server: event poll failed: ${error.message}`))
        .finally(schedule);
    }, pollMs);
  };
  const listen = async () => {
    if (stopped || listener) return;
    try {
      if (!options.connect) throw new Error('listen mode needs a connection of its own');
      const client = await options.connect();
      listener = client;
      client.on('notification', wakeAll);
      client.on('error', (error) => {
        console.warn(`team-server: event listener lost: ${error.message}`);
        void client.end().catch(() => undefined);
        if (listener === client) listener = undefined;
        setTimeout(() => void listen(), 1000);
      });
      await client.query('LISTEN tabwise_events');
      // Anything committed while no one listened is read by the streams on this wake-up.
      wakeAll();
    } catch (error) {
      console.warn(`team-server: could not LISTEN: ${(error as Error).message}`);
      void listener?.end().catch(() => undefined);
      listener = undefined;
      setTimeout(() => void listen(), 1000);
    }
  };
  // In listen mode the poll still runs, slowly: it catches a wake-up lost while the listener reconnected.
  if (mode === 'listen') void listen();

  return {
    mode,
    subscribe(wake) {
      subscribers.add(wake);
      schedule();
      return () => void subscribers.delete(wake);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      subscribers.clear();
      if (listener) {
        const client = listener;
        listener = undefined;
        await client.end().catch(() => undefined);
      }
    },
  };
}
