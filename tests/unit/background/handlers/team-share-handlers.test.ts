import { describe, expect, it } from 'vitest';
import type { ActivityLine } from '../../../../lib/agent/activity-line';
import { createTeamShareHandlers, type TeamShareDeps } from '../../../../lib/background/handlers/team-share-handlers';
import { DEFAULT_PRIVACY_SETTINGS } from '../../../../lib/retrieval/privacy-policy';
import type { TeamConnectionStore } from '../../../../lib/tools/team/team-connection-store';

const URL_ = 'http://127.0.0.1:4000';
const TEAM = '0b6c5e52-6f1f-4a1b-9a38-2f7c9a9d2f10';
const DOC = '6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const GH = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const identity = {
  user: { id: 'u1', email: 'bob@red.test', displayName: 'Bob' },
  teams: [{ id: TEAM, name: 'Red', role: 'member' as const }],
};
const doc = (status: string) => ({ id: DOC, title: 'Notes', status, error: null, chunkCount: 2 });

/** The handlers over fakes: a signed-in store, a fetch that answers like the team server and records what it got. */
function setUp(
  opts: {
    reply?: () => Response;
    tab?: { url: string; incognito?: boolean };
    signedIn?: boolean;
    listed?: unknown[];
    teams?: { id: string; name: string; role: 'member' | 'admin' }[];
  } = {},
) {
  const sent: { url: string; method: string; auth: string | null; body?: unknown }[] = [];
  const lines: ActivityLine[] = [];
  const store = {
    credentials: async () => (opts.signedIn === false ? undefined : { url: URL_, token: 'tws_secret-token' }),
    view: async () => ({
      url: URL_,
      managed: false,
      signInRequired: false,
      signedIn: true,
      identity: opts.teams ? { ...identity, teams: opts.teams } : identity,
      status: 'connected',
    }),
  } as unknown as TeamConnectionStore;
  const fetchFake: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      auth: headers.get('authorization'),
      ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}),
    });
    if (opts.reply) return opts.reply();
    if (init?.method === 'POST') return Response.json({ document: doc('queued'), duplicate: false }, { status: 202 });
    // The list answers metadata only; a document the list does not show is asked for by its id.
    if (String(input).endsWith('/v1/documents?limit=200')) return Response.json(opts.listed ?? [doc('indexed')]);
    return Response.json({ ...doc('failed'), error: 'the model choked', passages: [] });
  };
  const deps: TeamShareDeps = {
    store,
    fetch: fetchFake,
    now: () => 1000,
    generateId: () => 'id1',
    privacy: async () => ({ ...DEFAULT_PRIVACY_SETTINGS, deniedDomains: ['secret.example'] }),
    tab: async () => ({
      url: opts.tab?.url ?? 'https://wiki.example/deploy',
      title: 'Deploy',
      incognito: !!opts.tab?.incognito,
    }),
    readPage: async () => ({ title: 'Deploy notes', lang: 'en', markdown: `The deploy token is ${GH} today.` }),
    readPdf: async () => ({ title: 'Spec', text: `PDF with ${GH}` }),
    attachment: async (id) =>
      id === 'f1' ? { name: 'a.txt', conversationId: 'c1', text: 'password: hunter2!x' } : undefined,
    message: async (id) =>
      id === 'm1'
        ? {
            conversationId: 'c1',
            role: 'assistant',
            status: 'complete',
            conversationTitle: 'Deploys',
            text: 'From your notes.',
            parts: [
              {
                kind: 'tool',
                toolCallId: 't1',
                toolName: 'search_history',
                status: 'done',
                result: {
                  value: {
                    passages: [
                      { title: 'Wiki', url: 'https://wiki.example/deploy', text: `Rebuilt on Tuesdays with ${GH}.` },
                      { title: 'Mail', url: 'https://mail.google.com/mail/u/0/#inbox/1', text: 'A private mail.' },
                    ],
                  },
                },
              },
            ],
          }
        : undefined,
    recordActivity: async (line) => lines.push(line),
  };
  return { handlers: createTeamShareHandlers(deps), sent, lines };
}

describe('team.share*', () => {
  it('the preview is the scrubbed body and sends nothing; Share sends that body, with the token, to the server only', async () => {
    const { handlers, sent, lines } = setUp();
    const preview = await handlers['team.sharePreview']({ source: 'tab', tabId: 3 });
    expect(preview).toMatchObject({ source: 'page', team: { id: TEAM, name: 'Red' }, host: '127.0.0.1:4000' });
    expect(preview.body).toEqual({
      scope: 'team',
      teamId: TEAM,
      title: 'Deploy notes',
      sourceUrl: 'https://wiki.example/deploy',
      lang: 'en',
      text: 'The deploy token is [redacted] today.',
    });
    expect(sent).toEqual([]);
    expect(JSON.stringify(preview)).not.toContain('tws_secret-token');

    const reply = await handlers['team.share']({ source: 'page', body: preview.body, conversationId: 'c1' });
    expect(reply).toEqual({ outcome: 'sent', document: doc('queued'), duplicate: false });
    expect(sent).toEqual([
      { url: `${URL_}/v1/documents`, method: 'POST', auth: 'Bearer tws_secret-token', body: preview.body },
    ]);
    expect(lines).toMatchObject([
      {
        kind: 'team_share',
        outcome: 'done',
        site: 'https://wiki.example',
        destination: '127.0.0.1:4000',
        target: 'Deploy notes',
        conversationId: 'c1',
        approval: 'card',
      },
    ]);
    expect(await handlers['team.shareStatus']({ documentId: DOC })).toEqual(doc('indexed'));
    const older = setUp({ listed: [{ ...doc('queued'), id: 'another' }] });
    expect(await older.handlers['team.shareStatus']({ documentId: DOC })).toEqual({
      ...doc('failed'),
      error: 'the model choked',
    });
    expect(older.sent.map((r) => r.url)).toEqual([`${URL_}/v1/documents?limit=200`, `${URL_}/v1/documents/${DOC}`]);
  });

  it('a member of two teams is offered both, the first chosen; the share goes to the team the card names, and only to one of theirs', async () => {
    const BLUE = '7d0e9a11-2c3b-4d5e-8f60-718293a4b5c6';
    const teams = [
      { id: TEAM, name: 'Red', role: 'member' as const },
      { id: BLUE, name: 'Blue', role: 'admin' as const },
    ];
    const { handlers, sent } = setUp({ teams });
    const preview = await handlers['team.sharePreview']({ source: 'tab', tabId: 3 });
    expect(preview.team).toEqual({ id: TEAM, name: 'Red' });
    expect(preview.teams).toEqual([
      { id: TEAM, name: 'Red' },
      { id: BLUE, name: 'Blue' },
    ]);
    expect(preview.body.teamId).toBe(TEAM);
    await handlers['team.share']({ source: 'page', body: { ...preview.body, teamId: BLUE } });
    expect(sent.at(-1)!.body).toMatchObject({ scope: 'team', teamId: BLUE, title: preview.body.title });
    // A team the caller is not in (a forged id, or one they left since the card opened) sends nothing.
    const before = sent.length;
    await expect(
      handlers['team.share']({
        source: 'page',
        body: { ...preview.body, teamId: 'a5a5a5a5-0000-4000-8000-000000000000' },
      }),
    ).rejects.toThrow('The preview no longer matches what may be shared: open it again.');
    expect(sent).toHaveLength(before);
  });

  it('a body changed after its preview is scrubbed again before it leaves', async () => {
    const { handlers, sent } = setUp();
    const body = { scope: 'team', teamId: TEAM, title: `T ${GH}`, text: `leaked ${GH} and api_key=Zx9Qw7Er5Ty3` };
    await handlers['team.share']({ source: 'page', body });
    expect(JSON.stringify(sent[0]!.body)).not.toContain(GH);
    expect(JSON.stringify(sent[0]!.body)).not.toContain('Zx9Qw7Er5Ty3');
    await expect(handlers['team.share']({ source: 'page', body: { ...body, teamId: 'another' } })).rejects.toThrow(
      'The preview no longer matches what may be shared: open it again.',
    );
    await expect(handlers['team.share']({ source: 'page', body: { text: 'x' } })).rejects.toThrow(/open it again/);
    expect(sent).toHaveLength(1);
  });

  it('denylisted sites and incognito tabs cannot be previewed or sent; other schemes are not web pages', async () => {
    for (const tab of [
      { url: 'https://mail.google.com/mail/u/0/' },
      { url: 'https://docs.secret.example/plan' },
      { url: 'https://wiki.example/account/' },
      { url: 'https://wiki.example/deploy', incognito: true },
    ]) {
      const { handlers, sent } = setUp({ tab });
      await expect(handlers['team.sharePreview']({ source: 'tab', tabId: 1 }), tab.url).rejects.toThrow(
        /This page cannot be shared: your privacy rules keep it private/,
      );
      expect(sent).toEqual([]);
    }
    const { handlers, sent } = setUp({ tab: { url: 'chrome://settings/' } });
    await expect(handlers['team.sharePreview']({ source: 'tab', tabId: 1 })).rejects.toThrow(
      'Only web pages and PDFs from the web can be shared.',
    );
    const denied = {
      scope: 'team',
      teamId: TEAM,
      title: 'Plan',
      sourceUrl: 'https://docs.secret.example/plan',
      text: 'x',
    };
    await expect(handlers['team.share']({ source: 'page', body: denied })).rejects.toThrow(/keep it private/);
    expect(sent).toEqual([]);
  });

  it('a busy server answers its wait (nothing recorded as done); a refused token is said in the user words', async () => {
    const busy = setUp({ reply: () => new Response('{}', { status: 503, headers: { 'retry-after': '7' } }) });
    const { body } = await busy.handlers['team.sharePreview']({ source: 'tab', tabId: 3 });
    expect(await busy.handlers['team.share']({ source: 'page', body })).toEqual({
      outcome: 'busy',
      retryAfterS: 7,
      message: '127.0.0.1:4000 is busy: trying again by itself in 7 s. Nothing is lost.',
    });
    expect(busy.lines).toEqual([]);
    const refused = setUp({ reply: () => new Response('{}', { status: 401 }) });
    await expect(refused.handlers['team.share']({ source: 'page', body })).rejects.toThrow(
      '127.0.0.1:4000 refused the access token.',
    );
    expect(refused.lines).toMatchObject([{ kind: 'team_share', outcome: 'failed' }]);
  });

  it('an attachment of this conversation is shared by its name, scrubbed; one of another conversation is not found', async () => {
    const { handlers } = setUp();
    const preview = await handlers['team.sharePreview']({
      source: 'attachment',
      conversationId: 'c1',
      attachmentId: 'f1',
    });
    expect(preview.body).toMatchObject({ title: 'a.txt', text: 'password: [redacted]' });
    expect(preview.body.sourceUrl).toBeUndefined();
    await expect(
      handlers['team.sharePreview']({ source: 'attachment', conversationId: 'c2', attachmentId: 'f1' }),
    ).rejects.toThrow('That file is no longer in this conversation.');
  });

  it("an answer's cited passages: each with its page, scrubbed; a passage of a private site is left out", async () => {
    const { handlers } = setUp();
    const preview = await handlers['team.sharePreview']({ source: 'answer', conversationId: 'c1', messageId: 'm1' });
    expect(preview.source).toBe('passages');
    expect(preview.body).toMatchObject({
      title: 'Passages cited in “Deploys”',
      sourceUrl: 'https://wiki.example/deploy',
      passages: ['Wiki\nhttps://wiki.example/deploy\n\nRebuilt on Tuesdays with [redacted].'],
    });
    await expect(
      handlers['team.sharePreview']({ source: 'answer', conversationId: 'c2', messageId: 'm1' }),
    ).rejects.toThrow('That answer is no longer in this conversation.');
  });

  it('signed out: nothing to share with', async () => {
    const { handlers } = setUp({ signedIn: false });
    await expect(handlers['team.sharePreview']({ source: 'tab', tabId: 3 })).rejects.toThrow(
      'Sign in to a team server in Settings → Team to share.',
    );
  });
});
