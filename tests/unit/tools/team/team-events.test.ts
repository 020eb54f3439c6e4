// The team's events as Settings → Team listens to them: the SSE reader over a byte stream cut anywhere, and the
// client's wait (the cursor it resumes from, the headers it sends, a stream that says signed-out, a wait that ends).
import { describe, expect, it } from 'vitest';
import { readServerEvents, type ServerEvent } from '../../../../lib/tools/team/read-server-events';
import { fetchTeamKnowledgeCounts, waitForTeamEvent } from '../../../../lib/tools/team/team-client';
import { createTeamKnowledgeState } from '../../../../components/options/team-knowledge-state';
import type { TeamKnowledgeView } from '../../../../lib/background/protocol';

const creds = { url: 'http://127.0.0.1:4711', token: 'tws_secret' };

/** A body delivering `chunks` one by one, then (unless `open`) its end. */
function body(chunks: string[], open = false): ReadableStream<Uint8Array> {
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  return new ReadableStream({
    pull(controller) {
      const next = bytes.shift();
      if (next) controller.enqueue(next);
      else if (!open) controller.close();
    },
  });
}

const collect = async (stream: ReadableStream<Uint8Array>) => {
  const out: ServerEvent[] = [];
  for await (const e of readServerEvents(stream)) out.push(e);
  return out;
};

describe('readServerEvents', () => {
  it('reads events, ids and multi-line data across chunks cut anywhere, skipping comments', async () => {
    const text =
      'event: ready\ndata: {"instance":"a"}\n\n: keep-alive\n\nid: 12.7\nevent: document.indexed\ndata: {"a":1}\ndata: {"b":2}\n\r\n';
    for (const cut of [1, 5, 17, 40, text.length - 2]) {
      const events = await collect(body([text.slice(0, cut), text.slice(cut)]));
      expect(events, String(cut)).toEqual([
        { event: 'ready', data: '{"instance":"a"}' },
        { event: 'document.indexed', id: '12.7', data: '{"a":1}\n{"b":2}' },
      ]);
    }
  });

  it('stops at a block larger than the cap', async () => {
    const out: ServerEvent[] = [];
    for await (const e of readServerEvents(body(['data: ' + 'x'.repeat(200)]), undefined, 100)) out.push(e);
    expect(out).toEqual([]);
  });
});

describe('waitForTeamEvent', () => {
  const serve = (chunks: string[], status = 200, open = false) => {
    const asked: Headers[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      asked.push(new Headers(init.headers));
      return new Response(body(chunks, open), { status });
    }) as unknown as typeof globalThis.fetch;
    return { fetch, asked };
  };

  it('answers the first event’s id as the cursor, resuming from the one it was given', async () => {
    const s = serve(['event: ready\ndata: {}\n\n', 'id: 9.3\nevent: document.indexed\ndata: {}\n\n']);
    const heard = await waitForTeamEvent(
      creds,
      { after: '8.1', waitMs: 5000 },
      { fetch: s.fetch, readEvents: readServerEvents },
    );
    expect(heard).toEqual({ cursor: '9.3', changed: true });
    expect(s.asked[0]!.get('last-event-id')).toBe('8.1');
    expect(s.asked[0]!.get('authorization')).toBe('Bearer tws_secret');
  });

  it('a quiet stream ends with the wait, keeping the cursor; signed-out and a refusal are said', async () => {
    const quiet = serve(['event: ready\ndata: {}\n\n'], 200, true);
    expect(
      await waitForTeamEvent(
        creds,
        { after: '3.1', waitMs: 200 },
        { fetch: quiet.fetch, readEvents: readServerEvents },
      ),
    ).toEqual({ cursor: '3.1', changed: false });
    const out = serve(['event: signed-out\ndata: {}\n\n']);
    expect(
      await waitForTeamEvent(creds, { waitMs: 2000 }, { fetch: out.fetch, readEvents: readServerEvents }),
    ).toMatchObject({ signedOut: true });
    const refused = serve([], 401);
    await expect(
      waitForTeamEvent(creds, { waitMs: 2000 }, { fetch: refused.fetch, readEvents: readServerEvents }),
    ).rejects.toMatchObject({ kind: 'refused' });
  });

  it('counts the documents by state from the listing', async () => {
    const fetch = (async (url: string) => {
      const status = new URL(url).searchParams.get('status');
      const n = { indexed: 3, queued: 1, indexing: 1, failed: 0 }[status!]!;
      return new Response(JSON.stringify(Array.from({ length: n }, () => ({ status }))), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    expect(await fetchTeamKnowledgeCounts(creds, { fetch })).toEqual({
      indexed: 3,
      waiting: 2,
      failed: 0,
      capped: false,
    });
  });
});

describe('the Settings line', () => {
  it('asks now, then waits for events from the last cursor, and stops when signed out', async () => {
    const asked: { after?: string; waitMs: number }[] = [];
    const replies: TeamKnowledgeView[] = [
      { signedIn: true, counts: { indexed: 1, waiting: 1, failed: 0, capped: false } },
      { signedIn: true, counts: { indexed: 2, waiting: 0, failed: 0, capped: false }, cursor: '5.1' },
      { signedIn: false },
    ];
    const state = createTeamKnowledgeState({
      ask: async (input) => {
        asked.push(input);
        return replies.shift()!;
      },
      sleep: async () => {},
    });
    await state.follow();
    expect(asked).toEqual([{ waitMs: 0 }, { waitMs: 20_000 }, { after: '5.1', waitMs: 20_000 }]);
    expect(state.view.value).toEqual({ signedIn: false });
  });
});
