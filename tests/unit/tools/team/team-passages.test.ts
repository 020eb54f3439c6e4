// The team's passages beside the user's own: labels, citation addresses, the merge, and search_history with both
// (a fake team server behind `fetch`, the real client and its schema check).
import { describe, expect, it } from 'vitest';
import { mergeBySource, teamSourceLabel, toTeamPassage } from '../../../../lib/tools/team/team-passages';
import { createTeamKnowledge } from '../../../../lib/tools/team/team-knowledge';
import { createSearchHistoryTool } from '../../../../lib/tools/search-history-tool';
import { parseViewerUrl } from '../../../../lib/tools/folder/viewer-url';
import type { TeamConnectionStore, TeamConnectionView } from '../../../../lib/tools/team/team-connection-store';
import type { HistoryPassage } from '../../../../lib/retrieval/history-passage';

const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const SERVER = 'http://127.0.0.1:4711';
const RED = '11111111-1111-4111-8111-111111111111';
const DOC = '22222222-2222-4222-8222-222222222222';
const identity = {
  user: { id: 'u1', email: 'bob@red.test', displayName: 'Bob' },
  teams: [{ id: RED, name: 'Red', role: 'member' as const }],
};

const hit = (n: number, over: object = {}) => ({
  chunkId: String(n),
  documentId: DOC,
  title: `Runbook ${n}`,
  sourceUrl: null,
  scope: 'team' as const,
  teamId: RED,
  authorId: 'u2',
  score: 0.5 - n / 100,
  snippet: { text: `team text ${n}`, highlights: [] },
  citation: { documentId: DOC, position: n, passage: 1, headingPath: ['Deploy'] },
  ...over,
});

const local = (n: number): HistoryPassage => ({
  title: `Page ${n}`,
  url: `https://a.test/${n}`,
  fragmentUrl: `https://a.test/${n}#:~:text=x`,
  visitedAt: Date.UTC(2026, 0, 1),
  score: 0.9,
  snippet: `local ${n}`,
  highlights: [],
  headingPath: [],
  text: `local text ${n}`,
  chunkId: `l${n}`,
});

function fakeStore(view: Partial<TeamConnectionView>): TeamConnectionStore {
  const v = { managed: false, signInRequired: false, signedIn: false, status: 'none', ...view } as TeamConnectionView;
  return {
    view: async () => v,
    credentials: async () => (v.signedIn ? { url: v.url!, token: 'tws_secret' } : undefined),
  } as unknown as TeamConnectionStore;
}

/** A team server answering /v1/search with `reply` (or failing as `status`), recording what it was asked. */
function fakeServer(reply: unknown, status = 200) {
  const asked: { url: string; body: unknown; auth: string | null }[] = [];
  const fetch = (async (input: string, init: RequestInit) => {
    asked.push({
      url: input,
      body: JSON.parse(String(init.body)),
      auth: new Headers(init.headers).get('authorization'),
    });
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('team passages', () => {
  it('labels each passage by its team, the platform, or "only you" for a user document', () => {
    expect(teamSourceLabel({ scope: 'team', teamId: RED }, identity)).toBe('team: Red');
    expect(teamSourceLabel({ scope: 'user', teamId: RED }, identity)).toBe('team: Red (only you)');
    expect(teamSourceLabel({ scope: 'platform', teamId: null }, identity)).toBe('team: platform');
    expect(teamSourceLabel({ scope: 'team', teamId: DOC }, identity)).toBe('team: team');
  });

  it('cites a team passage by the viewer address, which parses back to the document, passage and chunk', () => {
    const p = toTeamPassage(hit(3), identity, ORIGIN);
    expect(p.url).toBe(`${ORIGIN}/viewer.html?team=${DOC}#passage=1.3`);
    expect(p.fragmentUrl).toBe(p.url);
    expect(parseViewerUrl(p.url, ORIGIN)).toEqual({
      source: 'team',
      documentId: DOC,
      cite: { passage: 1, position: 3 },
    });
    // Anything but our own id and numbers is not a team citation.
    for (const bad of [
      `${ORIGIN}/viewer.html?team=../../etc`,
      `${ORIGIN}/viewer.html?team=${DOC}#passage=1.3&x=1`,
      `${ORIGIN}/viewer.html?team=${DOC}&path=a`,
      `chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/viewer.html?team=${DOC}`,
    ])
      expect(parseViewerUrl(bad, ORIGIN), bad).toBeUndefined();
  });

  it('merges the two sources in turn, best first, to at most topK', () => {
    expect(mergeBySource([1, 2, 3], ['a', 'b'], 4)).toEqual([1, 'a', 2, 'b']);
    expect(mergeBySource([1, 2, 3], [], 2)).toEqual([1, 2]);
    expect(mergeBySource([], ['a', 'b', 'c'], 5)).toEqual(['a', 'b', 'c']);
    expect(mergeBySource([1], ['a', 'b', 'c'], 3)).toEqual([1, 'a', 'b']);
  });
});

describe('search_history with the team', () => {
  const toolWith = (store: TeamConnectionStore, fetch: typeof globalThis.fetch, enabled = true) => {
    const team = createTeamKnowledge({ store, fetch, extensionOrigin: ORIGIN });
    return {
      team,
      tool: createSearchHistoryTool({ isEnabled: async () => enabled, search: async () => [local(1), local(2)], team }),
    };
  };

  it('asks the team server beside the local index and labels every passage by source', async () => {
    const server = fakeServer({ results: [hit(1), hit(2)], model: 'm', miss: false });
    const { tool } = toolWith(fakeStore({ url: SERVER, signedIn: true, identity, status: 'connected' }), server.fetch);
    const reads: { origin: string }[] = [];
    const out = (await tool.execute(tool.input.parse({ query: 'deploy checklist', topK: 4 }), {
      target: { origin: SERVER },
      reportRead: (r: { origin: string }) => reads.push(r),
    } as never)) as { passages: { source: string; title: string }[]; teamNote?: string };
    expect(out.passages.map((p) => [p.source, p.title])).toEqual([
      ['this browser', 'Page 1'],
      ['team: Red', 'Runbook 1'],
      ['this browser', 'Page 2'],
      ['team: Red', 'Runbook 2'],
    ]);
    expect(out.teamNote).toBeUndefined();
    expect(server.asked).toEqual([
      { url: `${SERVER}/v1/search`, body: { query: 'deploy checklist', limit: 4 }, auth: 'Bearer tws_secret' },
    ]);
    // Team text counts as read from the team server, for the egress gate.
    expect(reads.map((r) => r.origin)).toEqual(['https://a.test', 'https://a.test', SERVER, SERVER]);
  });

  it('offline, refused, or a reply of the wrong shape: local passages as before, and one line saying why', async () => {
    for (const [server, why] of [
      [fakeServer({ error: {} }, 503), /Team passages are missing: .*busy/],
      [fakeServer({ error: {} }, 401), /Team passages are missing: .*refused/],
      [fakeServer({ results: [{ title: 1 }] }), /Team passages are missing: .*not a team server/],
      [
        { fetch: (async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch, asked: [] },
        /Team passages are missing: Could not reach 127\.0\.0\.1:4711/,
      ],
    ] as const) {
      const { tool } = toolWith(fakeStore({ url: SERVER, signedIn: true, identity }), server.fetch);
      const out = (await tool.execute(tool.input.parse({ query: 'q' }), { target: { origin: SERVER } } as never)) as {
        passages: { source: string }[];
        teamNote?: string;
      };
      expect(out.passages.map((p) => p.source)).toEqual(['this browser', 'this browser']);
      expect(out.teamNote).toMatch(why);
      expect(out.teamNote!.split('\n')).toHaveLength(1);
    }
  });

  it('signed out: no request, the note says so; no server added: nothing about a team at all', async () => {
    const server = fakeServer({ results: [], model: 'm', miss: true });
    const signedOut = toolWith(fakeStore({ url: SERVER, signedIn: false }), server.fetch).tool;
    const out = (await signedOut.execute(signedOut.input.parse({ query: 'q' }), {} as never)) as { teamNote?: string };
    expect(out.teamNote).toBe('Not signed in to the team server 127.0.0.1:4711, so no team passages.');
    const none = toolWith(fakeStore({}), server.fetch).tool;
    expect(await none.execute(none.input.parse({ query: 'q' }), {} as never)).not.toHaveProperty('teamNote');
    expect(server.asked).toEqual([]);
  });

  it('is offered with remembering off when signed in, and the query goes through the egress gate to the server', async () => {
    const server = fakeServer({ results: [hit(1)], model: 'm', miss: false });
    const { tool } = toolWith(fakeStore({ url: SERVER, signedIn: true, identity }), server.fetch, false);
    expect(await tool.offered!({} as never)).toBe(true);
    expect(await tool.locate!(tool.input.parse({ query: 'q' }), {} as never)).toEqual({ origin: SERVER });
    expect(tool.writtenValues!(tool.input.parse({ query: 'secret words' }))).toEqual([
      { field: 'query', value: 'secret words' },
    ]);
    const out = (await tool.execute(tool.input.parse({ query: 'q' }), { target: { origin: SERVER } } as never)) as {
      passages: { source: string }[];
      note?: string;
    };
    expect(out.passages.map((p) => p.source)).toEqual(['team: Red']);
    expect(out.note).toMatch(/turned off/);
    // Signed out: a search of this browser sends nothing anywhere.
    const local = toolWith(fakeStore({ url: SERVER, signedIn: false }), server.fetch).tool;
    expect(await local.locate!(local.input.parse({ query: 'q' }), {} as never)).toBeUndefined();
    expect(local.writtenValues!(local.input.parse({ query: 'secret words' }))).toEqual([]);
  });

  it('a call located for another server (or none) sends the query to no team server', async () => {
    const server = fakeServer({ results: [hit(1)], model: 'm', miss: false });
    const { tool } = toolWith(fakeStore({ url: SERVER, signedIn: true, identity }), server.fetch);
    await tool.execute(tool.input.parse({ query: 'q' }), { target: { origin: 'https://elsewhere.test' } } as never);
    await tool.execute(tool.input.parse({ query: 'q', domain: 'a.test' }), { target: { origin: SERVER } } as never);
    expect(server.asked).toEqual([]);
  });
});
