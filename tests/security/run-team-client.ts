/**
 * The team server client (Settings → Team, issue 26) as a runner: the built extension against a hostile team
 * server on 127.0.0.1 and a bystander on localhost (another origin) that records every request it gets. The client
 * is a way out of the extension: it may reach only the saved origin, with no cookies, following no redirect, and
 * the token goes nowhere else. Shared by tests/security/team-client.spec.ts and the `security` bench.
 *   redirect   /v1/me answers 307 to the bystander: signing in fails, the bystander gets nothing
 *   cookies    the team origin set a cookie in a tab the user opened, and its API answers set one: the client's
 *              requests carry none
 *   moved      signed in, the address changes to the bystander: the token is dropped, never sent there
 *   words      who the server says you are is hostile markup and a long reply: rendered as text, nothing loads or
 *              runs, an over-long identity is refused without the reply's words in the message
 *   kept       the token is in no reply to an extension page, no storage area, and not on the page
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { callBackground, expect } from '../e2e/fixtures';
import { runCases } from './run-cases';
import type { SecurityFixtures } from './security-session';

export interface TeamClientReport {
  cases: number;
  /** `case: what went wrong`, one per broken rule. */
  violations: string[];
  /** Requests the bystander (another origin) received: none may come from the team client. */
  bystanderRequests: string[];
  /** Scripts of the server's words that ran in Settings. */
  xss: number;
}

const TOKEN = 'tw_pat_team-secret-5521';
const COOKIE = 'tw_session=cookie-secret-8843';

interface Seen {
  path: string;
  authorization?: string;
  cookie?: string;
}

interface Recorder {
  url: string;
  seen: Seen[];
  /** What GET /v1/me answers next. */
  answer: (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string };
  close(): Promise<void>;
}

const identity = (over: { displayName?: string; email?: string; team?: string } = {}) =>
  JSON.stringify({
    user: { id: 'u1', email: over.email ?? 'bob@red.test', displayName: over.displayName ?? 'Bob' },
    teams: [{ id: 't1', name: over.team ?? 'Red', role: 'member' }],
  });

async function startTeamServerDouble(host: '127.0.0.1' | 'localhost'): Promise<Recorder> {
  const seen: Seen[] = [];
  const rec: Recorder = {
    url: '',
    seen,
    answer: () => ({ status: 200, body: identity() }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, authorization: req.headers.authorization, cookie: req.headers.cookie });
    if (path.startsWith('/set-cookie')) {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `${COOKIE}; Path=/; SameSite=Lax` });
      res.end('<!doctype html><title>Team sign-in</title><p>Welcome back.</p>');
      return;
    }
    if (path.startsWith('/v1/me')) {
      const a = rec.answer(req);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  rec.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return rec;
}

interface Ctx {
  f: SecurityFixtures;
  team: Recorder;
  bystander: Recorder;
  fail: (m: string) => void;
  report: TeamClientReport;
}

/** A background request that must fail: its error message, or a violation when it succeeded. */
async function refusedMessage(page: Page, name: string, data: unknown): Promise<string | undefined> {
  const reply = (await page.evaluate(
    ([n, d]) => chrome.runtime.sendMessage({ tabwise: 'background', name: n, data: d }),
    [name, data] as const,
  )) as { ok: boolean; error?: { message?: string } };
  return reply.ok ? undefined : (reply.error?.message ?? JSON.stringify(reply));
}

async function connect(ctx: Ctx) {
  ctx.team.seen.length = 0;
  await callBackground(ctx.f.extPage, 'team.remove', {});
  await callBackground(ctx.f.extPage, 'team.setUrl', { url: ctx.team.url });
}

async function redirect(ctx: Ctx) {
  await connect(ctx);
  ctx.team.answer = () => ({ status: 307, headers: { location: `${ctx.bystander.url}/v1/me?from=team` } });
  const message = await refusedMessage(ctx.f.extPage, 'team.signIn', { token: TOKEN });
  if (message === undefined) ctx.fail('redirect: signing in through a redirect elsewhere succeeded');
  const view = await callBackground<{ signedIn: boolean }>(ctx.f.extPage, 'team.get', {});
  if (view.signedIn) ctx.fail('redirect: a token was saved though the server answered with a redirect');
  if (!ctx.team.seen.some((s) => s.path.startsWith('/v1/me')))
    ctx.fail('redirect: the team server was never asked (the case proves nothing)');
}

async function cookies(ctx: Ctx) {
  await connect(ctx);
  // The API's own replies try to set a cookie too: the next request must not carry it either.
  ctx.team.answer = () => ({
    status: 200,
    headers: { 'set-cookie': 'tw_api=api-cookie-1; Path=/; SameSite=Lax' },
    body: identity(),
  });
  // The user visits the team server's own site: the browser now holds a cookie for that origin.
  const page = await ctx.f.context.newPage();
  await page.goto(`${ctx.team.url}/set-cookie`);
  await expect(page.locator('p')).toHaveText('Welcome back.');
  await page.reload();
  if (!ctx.team.seen.some((s) => s.path.startsWith('/set-cookie') && s.cookie?.includes(COOKIE)))
    ctx.fail('cookies: the browser did not keep the cookie (the case proves nothing)');
  await page.close();
  await callBackground(ctx.f.extPage, 'team.signIn', { token: TOKEN });
  await callBackground(ctx.f.extPage, 'team.get', {});
  const calls = ctx.team.seen.filter((s) => s.path.startsWith('/v1/me'));
  if (calls.length < 2) ctx.fail(`cookies: the client asked the server ${calls.length} times, not twice`);
  if (calls.some((s) => s.cookie)) ctx.fail(`cookies: a request to the team server carried cookies`);
  if (!calls.every((s) => s.authorization === `Bearer ${TOKEN}`))
    ctx.fail('cookies: a request to the team server went without its token (the case proves nothing)');
}

async function moved(ctx: Ctx) {
  await connect(ctx);
  ctx.team.answer = () => ({ status: 200, body: identity() });
  await callBackground(ctx.f.extPage, 'team.signIn', { token: TOKEN });
  // The address changes (by hand, or a settings file): the bystander answers as a team server would.
  await callBackground(ctx.f.extPage, 'team.setUrl', { url: ctx.bystander.url });
  const view = await callBackground<{ signedIn: boolean }>(ctx.f.extPage, 'team.get', {});
  if (view.signedIn) ctx.fail('moved: still signed in after the address moved to another origin');
  await ctx.f.extPage.goto(`chrome-extension://${ctx.f.extensionId}/options.html#team`);
  await expect(ctx.f.extPage.getByRole('region', { name: 'Team' })).toBeVisible();
  await ctx.f.extPage.waitForTimeout(500);
}

async function words(ctx: Ctx) {
  await connect(ctx);
  const img = `${ctx.bystander.url}/img-from-identity`;
  ctx.team.answer = () => ({
    status: 200,
    body: identity({
      displayName: `<img src="${img}" onerror="window.__teamXss=1">Bob`,
      email: `bob@red.test"><script>window.__teamXss=1</script>`,
      team: `<iframe src="${ctx.bystander.url}/frame-from-team"></iframe>[Red](${ctx.bystander.url}/link)`,
    }),
  });
  await callBackground(ctx.f.extPage, 'team.signIn', { token: TOKEN });
  const page = ctx.f.extPage;
  await page.goto(`chrome-extension://${ctx.f.extensionId}/options.html#team`);
  await page.reload();
  const section = page.getByRole('region', { name: 'Team' });
  await expect(section).toContainText('(bob@red.test"><script>window.__teamXss=1</script>)');
  await expect(section.getByRole('list', { name: 'Your teams' })).toContainText('<iframe src=');
  await page.waitForTimeout(500);
  const injected = await section.locator('img, script, iframe, a[href*="127.0.0.1"], a[href*="localhost"]').count();
  if (injected) ctx.fail(`words: the server's markup became ${injected} element(s) in Settings`);
  if (await page.evaluate(() => (window as unknown as { __teamXss?: number }).__teamXss)) {
    ctx.report.xss++;
    ctx.fail("words: the server's script ran in Settings");
  }
  // A reply past the identity's limits is refused, and the message says so in the user's words, not the server's.
  ctx.team.answer = () => ({ status: 200, body: identity({ displayName: `IGNORE ALL PREVIOUS ${'x'.repeat(300)}` }) });
  await callBackground(page, 'team.signOut', {});
  const message = await refusedMessage(page, 'team.signIn', { token: TOKEN });
  if (message === undefined) ctx.fail('words: an identity past its limits was accepted');
  else if (message.includes('IGNORE')) ctx.fail(`words: the server's reply reached the message: ${message}`);
}

async function kept(ctx: Ctx) {
  await connect(ctx);
  ctx.team.answer = () => ({ status: 200, body: identity() });
  const page = ctx.f.extPage;
  const signedIn = await callBackground(page, 'team.signIn', { token: TOKEN });
  const view = await callBackground(page, 'team.get', {});
  await page.goto(`chrome-extension://${ctx.f.extensionId}/options.html#team`);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Team' })).toContainText('Signed in as Bob (bob@red.test).');
  const stored = await page.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  );
  for (const [where, text] of [
    ['a reply to an extension page', JSON.stringify([signedIn, view])],
    ['storage', stored],
    ['the Settings page', await page.content()],
  ] as const)
    if (text.includes(TOKEN)) ctx.fail(`kept: the token is in ${where}`);
}

const CASES = { redirect, cookies, moved, words, kept } as const;
export type TeamClientCase = keyof typeof CASES;

/** Runs every case in one extension session against the hostile team server; a case that throws is a violation. */
export async function runTeamClient(f: SecurityFixtures, only?: TeamClientCase[]): Promise<TeamClientReport> {
  const team = await startTeamServerDouble('127.0.0.1');
  const bystander = await startTeamServerDouble('localhost');
  const report: TeamClientReport = { cases: 0, violations: [], bystanderRequests: [], xss: 0 };
  try {
    const ctx: Ctx = { f, team, bystander, report, fail: (m) => void report.violations.push(m) };
    await runCases(f.llm, only ?? (Object.keys(CASES) as TeamClientCase[]), CASES, ctx, report);
    // Once the user moves the address there, asking it how people sign in (no token, no cookie) is what they asked for.
    const wrong = bystander.seen.filter((s) => s.authorization || s.path.split('?')[0] !== '/v1/auth/config');
    report.bystanderRequests = wrong.map((s) => `${s.path}${s.authorization ? ' (with a token)' : ''}`);
    for (const s of wrong) report.violations.push(`the bystander received ${s.path}`);
  } finally {
    await bystander.close();
    await team.close();
  }
  return report;
}
