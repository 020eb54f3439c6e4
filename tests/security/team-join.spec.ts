/**
 * Joining a team with an invitation is a way in (a token the server hands back is kept and used) and a way out (the
 * invitation leaves for the server). Against a hostile team server double: the invitation reaches only the saved
 * origin and follows no redirect; a reply whose token is not a personal access token, or that is not JSON, signs no
 * one in and stores nothing; and neither the invitation nor a token is kept anywhere a page or content script reads.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callBackground, expect, test } from '../e2e/fixtures';

const INVITE = `twi_${'Q'.repeat(40)}abc`;

interface Double {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

async function serve(host: string, answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Double> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${body}`);
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('an invitation goes only to the saved server, follows no redirect, and a hostile reply signs no one in', async ({
  extPage,
}) => {
  const bystander = await serve('localhost', (_req, res) => res.end('{}'));
  let reply: (res: ServerResponse) => void = () => {};
  const team = await serve('127.0.0.1', (req, res) => {
    if (req.url === '/v1/auth/config') return res.end('{"oidc":false}');
    if (req.url === '/invitations/redeem') return reply(res);
    res.writeHead(401).end('{}');
  });
  try {
    await callBackground(extPage, 'team.setUrl', { url: team.url });
    const cases: Array<[string, (res: ServerResponse) => void, RegExp]> = [
      [
        'a redirect to another origin',
        (res) => res.writeHead(307, { location: `${bystander.url}/steal` }).end(),
        /Could not reach 127\.0\.0\.1/,
      ],
      [
        'a token that is not a personal access token',
        (res) =>
          res.end(JSON.stringify({ userId: 'u', teamId: 't', role: 'member', token: '<img src=x onerror=alert(1)>' })),
        /not a team server's reply/,
      ],
      ['an answer that is not JSON', (res) => res.end('<html>sign in</html>'), /not a team server's reply/],
      [
        'an admin role handed to someone new with a token too long',
        (res) => res.end(JSON.stringify({ userId: 'u', teamId: 't', role: 'owner', token: `twp_${'A'.repeat(4000)}` })),
        /not a team server's reply/,
      ],
    ];
    for (const [name, answer, shown] of cases) {
      reply = answer;
      await expect(callBackground(extPage, 'team.join', { invitation: INVITE }), name).rejects.toThrow(shown);
      const view = await callBackground<{ signedIn: boolean }>(extPage, 'team.get', {});
      expect(view.signedIn, name).toBe(false);
    }
    // The bystander got nothing; the team server got the invitation each time, nothing else of it.
    expect(bystander.seen).toEqual([]);
    expect(team.seen.filter((s) => s.startsWith('POST /invitations/redeem'))).toHaveLength(cases.length);
    // Nothing of the invitation is kept where a page or content script could read it, nor in the extension's own
    // stores.
    const local = JSON.stringify(await extPage.evaluate(() => chrome.storage.local.get(null)));
    const session = JSON.stringify(await extPage.evaluate(() => chrome.storage.session.get(null)));
    expect(local).not.toContain(INVITE);
    expect(session).not.toContain(INVITE);
    const idb = await extPage.evaluate(async (secret) => {
      const found: string[] = [];
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const r = indexedDB.open(info.name!);
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const all = await new Promise<unknown[]>((resolve) => {
            const r = db.transaction(store).objectStore(store).getAll();
            r.onsuccess = () => resolve(r.result);
            r.onerror = () => resolve([]);
          });
          if (JSON.stringify(all).includes(secret)) found.push(`${info.name}/${store}`);
        }
        db.close();
      }
      return found;
    }, INVITE);
    expect(idb).toEqual([]);
  } finally {
    await bystander.close();
    await team.close();
  }
});
