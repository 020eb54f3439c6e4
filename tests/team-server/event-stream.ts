/** A server-sent events reader for tests: `fetch`, the body parsed into events as they arrive. */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

export interface EventStream {
  status: number;
  events: SseEvent[];
  /** The first event (from the start of the stream) matching, waiting up to `timeoutMs`. */
  waitFor(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export async function openEventStream(url: string, token: string, lastEventId?: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  if (res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const e: SseEvent = { event: 'message', data: '' };
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const [field, ...rest] = line.split(':');
              const v = rest.join(':').replace(/^ /, '');
              if (field === 'event') e.event = v;
              else if (field === 'id') e.id = v;
              else if (field === 'data') data.push(v);
            }
            if (data.length === 0 && !e.id) continue;
            e.data = data.join('\n');
            events.push(e);
            waiters.forEach((w) => w());
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    status: res.status,
    events,
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
