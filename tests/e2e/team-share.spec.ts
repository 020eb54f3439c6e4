/**
 * "Share to team" end to end: the built extension signed in to a real team server (embedded Postgres over the
 * wire, the seeded teams) on 127.0.0.1. The panel's menu offers the page in front; the preview card shows the exact
 * body, a secret on the page already scrubbed; nothing reaches the server before Share; then the document is
 * queued and indexed on the server, without the secret. A busy server (503, Retry-After) is shown with its wait and
 * the share goes again by itself when it is over (the same text: "already shared"). Each share is an Activity line.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makePdf } from '../documents/make-documents';
import { serveStatic } from '../harness/serve-static';
import { axeFindings, isSerious } from '../harness/ui-views';
import { addFakeProvider, assistantMessages, callBackground, openPanel, sendChat } from '../harness/extension-helpers';
import { withOwner } from '../../lib/team-server/db/with-caller';
import { addMember } from '../../lib/team-server/people/operator-tasks';
import { fakeEmbedder, startTestServer } from '../team-server/test-server';
import { expect, test } from './fixtures';

const TOKEN = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const PAGE = `<!doctype html><html lang="en"><head><title>Deploy notes</title></head><body><main>
<h1>Deploy notes</h1>
<p>The staging cluster is rebuilt every Tuesday night by the release captain on duty.</p>
<p>The deploy token is ${TOKEN} and the api_key: Zx9Qw7Er5Ty3Ui1Op must stay private.</p>
<p>Rollbacks go through the blue-green switch, never by hand on the database.</p>
</main></body></html>`;

test('Share to team: the preview shows the scrubbed page, Share sends it, the server indexes it; a busy server waits', async ({
  context,
  extensionId,
  extPage,
}) => {
  test.setTimeout(150_000);
  const { server, world, call } = await startTestServer({}, { embedder: fakeEmbedder() });
  const site = await serveStatic({ '/notes.html': PAGE });
  const host = new URL(server.url).host;
  try {
    const docs = async () => (await call('GET', '/v1/documents', world.bob.token)).json as { id: string }[];
    // Signed out: the panel offers no share.
    const page = await context.newPage();
    await page.goto(`${site.url}/notes.html`);
    let panel = await openPanel(context, extensionId);
    await expect(panel.getByRole('button', { name: 'New' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Share to team' })).toHaveCount(0);
    await panel.close();

    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });
    await page.bringToFront();
    panel = await openPanel(context, extensionId);
    await panel.getByRole('button', { name: 'Share to team' }).click();
    await panel.getByRole('menuitem', { name: 'This page: Deploy notes' }).click();

    const card = panel.getByRole('region', { name: 'Share to team' });
    const text = card.getByLabel('Text that will be sent');
    await expect(text).toContainText('rebuilt every Tuesday night');
    await expect(text).toContainText('The deploy token is [redacted]');
    await expect(text).toContainText('api_key: [redacted]');
    await expect(text).not.toContainText(TOKEN);
    await expect(text).not.toContainText('Zx9Qw7Er5Ty3Ui1Op');
    await expect(card).toContainText(`To Red on ${host}.`);
    await expect(card.locator('[data-field="url"]')).toHaveText(`${site.url}/notes.html`);
    // The preview sent nothing.
    expect(await docs()).toEqual([]);

    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(card.getByRole('status')).toContainText(/Shared and indexed \(\d+ passages\)/, { timeout: 60_000 });
    const [doc] = await docs();
    expect(doc).toBeDefined();
    const stored = (await call('GET', `/v1/documents/${doc!.id}`, world.bob.token)).json as {
      status: string;
      title: string;
      sourceUrl: string;
      passages: string[];
    };
    expect(stored.status).toBe('indexed');
    expect(stored.title).toBe('Deploy notes');
    expect(stored.sourceUrl).toBe(`${site.url}/notes.html`);
    const all = stored.passages.join('\n');
    expect(all).toContain('rebuilt every Tuesday night');
    expect(all).toContain('[redacted]');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('Zx9Qw7Er5Ty3Ui1Op');

    // A busy server: 503 with Retry-After, shown with its wait; the share goes again by itself once it is over.
    server.ctx.queueCapacity = 0;
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);
    await panel.getByRole('button', { name: 'Share to team' }).click();
    await panel.getByRole('menuitem', { name: 'This page: Deploy notes' }).click();
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(card.getByRole('status')).toContainText(
      new RegExp(`${host.replace(/\./g, '\\.')} is busy: trying again by itself in [1-5] s\\. Nothing is lost\\.`),
    );
    // The preview stays while it waits.
    await expect(text).toContainText('rebuilt every Tuesday night');
    server.ctx.queueCapacity = 1000;
    await expect(card.getByRole('status')).toHaveText('Already shared: your team has this exact text.', {
      timeout: 30_000,
    });
    expect(await docs()).toHaveLength(1);

    // Each share is a consequential action in Activity.
    const activity = await callBackground<{ lines: { kind: string; outcome: string; destination?: string }[] }>(
      extPage,
      'activity.list',
      {},
    );
    const shares = activity.lines.filter((l) => l.kind === 'team_share');
    expect(shares).toHaveLength(2);
    expect(shares.every((l) => l.outcome === 'done' && l.destination === host)).toBe(true);
  } finally {
    await site.close();
    await server.close();
  }
});

test('Share to team: a file attached in the conversation, scrubbed, by its name, to the one of two teams picked; then indexed there', async ({
  context,
  extensionId,
  extPage,
  llm,
}) => {
  test.setTimeout(120_000);
  const { server, world, call, waitFor } = await startTestServer({}, { embedder: fakeEmbedder() });
  try {
    // Bob is in Red and, from now, in Blue too: the card offers both.
    await withOwner(server.ctx.db.pool, (tx) => addMember(tx, world.blue, world.bob.userId, 'member'));
    await addFakeProvider(extPage, llm);
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });
    llm.enqueue({ text: ['The runbook says to page the on-call engineer.'] });
    const panel = await openPanel(context, extensionId);
    const runbook = `Runbook\n\nPage the on-call engineer first.\nThe pager password: ${'Pg7!secretX'} is on the vault.\n`;
    await panel
      .locator('input[type=file]')
      .setInputFiles([{ name: 'runbook.txt', mimeType: 'text/plain', buffer: Buffer.from(runbook) }]);
    await expect(panel.locator('.composer .attachment-chip')).toHaveAttribute('data-status', 'ready');
    await sendChat(panel, 'What does the runbook say?');
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });

    await panel.getByRole('button', { name: 'Share to team' }).click();
    await panel.getByRole('menuitem', { name: 'File: runbook.txt' }).click();
    const card = panel.getByRole('region', { name: 'Share to team' });
    await expect(card.locator('[data-field="title"]')).toHaveText('runbook.txt');
    const teamPicker = card.getByLabel('Team');
    // As the server lists them (by name), the first chosen; the user picks the other.
    await expect(teamPicker.locator('option')).toHaveText(['Blue', 'Red']);
    await expect(teamPicker).toHaveValue(world.blue);
    await expect(card).toContainText(`To Blue on ${new URL(server.url).host}.`);
    await teamPicker.selectOption({ label: 'Red' });
    await expect(card).toContainText(`To Red on ${new URL(server.url).host}.`);
    // The card with its team list has no serious accessibility finding, light or dark.
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      const findings = await axeFindings(panel, 'share card', scheme, { colourOnly: scheme === 'dark' });
      expect(findings.filter(isSerious).map((f) => `${f.id}: ${f.summary}`)).toEqual([]);
    }
    await panel.emulateMedia({ colorScheme: 'light' });
    await expect(card.locator('[data-field="url"]')).toHaveCount(0);
    const text = card.getByLabel('Text that will be sent');
    await expect(text).toContainText('Page the on-call engineer first.');
    await expect(text).toContainText('The pager password: [redacted]');
    await expect(text).not.toContainText('Pg7!secretX');
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(card.getByRole('status')).toContainText('Shared and indexed', { timeout: 60_000 });
    const [doc] = (await call('GET', '/v1/documents', world.bob.token)).json as { id: string }[];
    const stored = (await waitFor(world.bob.token, doc!.id)) as {
      title: string;
      sourceUrl: string | null;
      teamId: string;
    };
    expect(stored).toMatchObject({ title: 'runbook.txt', sourceUrl: null, teamId: world.red });
    // Ada, in Red only, finds it; Dee, in Blue only, does not.
    const visible = async (token: string) =>
      ((await call('GET', '/v1/documents', token)).json as { id: string }[]).some((d) => d.id === doc!.id);
    expect(await visible(world.ada.token)).toBe(true);
    expect(await visible(world.dee.token)).toBe(false);
    const passages = ((await call('GET', `/v1/documents/${doc!.id}`, world.bob.token)).json as { passages: string[] })
      .passages;
    expect(passages.join('\n')).toContain('Page the on-call engineer first.');
    expect(passages.join('\n')).not.toContain('Pg7!secretX');
  } finally {
    await server.close();
  }
});

test('Share to team: the PDF in front, read as the index reads it (page by page), scrubbed, indexed', async ({
  context,
  extensionId,
  extPage,
}) => {
  test.setTimeout(120_000);
  const { server, world, call, waitFor } = await startTestServer({}, { embedder: fakeEmbedder() });
  const dir = mkdtempSync(join(tmpdir(), 'tabwise-share-pdf-'));
  const pdf = await makePdf(
    [[{ text: 'Capacity plan: two more replicas before the launch.' }], [{ text: `Vendor key ${TOKEN} here.` }]],
    'Capacity plan',
  );
  writeFileSync(join(dir, 'plan.pdf'), pdf);
  const site = await serveStatic({}, { '/docs/': dir });
  try {
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });
    const tab = await context.newPage();
    await tab.goto(`${site.url}/docs/plan.pdf`);
    const panel = await openPanel(context, extensionId);
    await panel.getByRole('button', { name: 'Share to team' }).click();
    await panel.getByRole('menuitem', { name: /^This page: / }).click();
    const card = panel.getByRole('region', { name: 'Share to team' });
    await expect(card.locator('[data-field="title"]')).toHaveText('Capacity plan', { timeout: 60_000 });
    const text = card.getByLabel('Text that will be sent');
    await expect(text).toContainText('--- Page 1 ---');
    await expect(text).toContainText('two more replicas before the launch');
    await expect(text).toContainText('Vendor key [redacted]');
    await expect(text).not.toContainText(TOKEN);
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(card.getByRole('status')).toContainText('Shared and indexed', { timeout: 60_000 });
    const [doc] = (await call('GET', '/v1/documents', world.bob.token)).json as { id: string }[];
    const stored = (await waitFor(world.bob.token, doc!.id)) as { title: string; sourceUrl: string };
    expect(stored).toMatchObject({ title: 'Capacity plan', sourceUrl: `${site.url}/docs/plan.pdf` });
    const passages = ((await call('GET', `/v1/documents/${doc!.id}`, world.bob.token)).json as { passages: string[] })
      .passages;
    expect(passages.join('\n')).toContain('two more replicas');
    expect(passages.join('\n')).not.toContain(TOKEN);
  } finally {
    await site.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const modelsDir = resolve(process.env.TABWISE_MODELS_DIR ?? '../shared/models');
const haveModel = existsSync(resolve(modelsDir, 'glove-sif-100d', 'onnx', 'model.onnx'));

test("Share to team: an answer's cited passages, each with its page, indexed on the server", async ({
  context,
  extensionId,
  extPage,
  llm,
}) => {
  test.skip(!haveModel, `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);
  test.setTimeout(150_000);
  const fact = 'Octopuses can unscrew the lids of jars from the inside to reach the crab kept within.';
  const filler = Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i + 1} about cephalopods and their habits.</p>`);
  const site = await serveStatic(
    {
      '/octopus.html': `<!doctype html><html lang="en"><head><title>Octopus cognition</title></head><body><main><article><h1>Octopus cognition</h1>${filler.join('')}<h2>Problem solving</h2><p>${fact}</p></article></main></body></html>`,
    },
    { '/models/': modelsDir },
  );
  const { server, world, call, waitFor } = await startTestServer({}, { embedder: fakeEmbedder() });
  try {
    await callBackground(extPage, 'index.settings.update', {
      enabled: true,
      dwellMs: 300,
      model: { id: 'glove-sif-100d', dtype: 'fp32', localModelUrl: `${site.url}/models/`, allowRemote: false },
    });
    const tab = await context.newPage();
    await tab.goto(`${site.url}/octopus.html`);
    await expect
      .poll(async () => (await callBackground<{ pages: number }>(extPage, 'index.stats', {})).pages, {
        timeout: 60_000,
      })
      .toBe(1);
    const [top] = await callBackground<{ fragmentUrl: string }[]>(extPage, 'index.search', {
      query: 'octopus jar lids',
    });
    expect(top).toBeDefined();
    await callBackground(extPage, 'team.setUrl', { url: server.url });
    await callBackground(extPage, 'team.signIn', { token: world.bob.token });

    await addFakeProvider(extPage, llm, 'fake-chat-1');
    llm.enqueue(
      { toolCalls: [{ name: 'search_history', arguments: JSON.stringify({ query: 'octopus jar lids' }) }] },
      { text: [`Octopuses open jars from the inside ([Octopus cognition](${top!.fragmentUrl})).`] },
    );
    const panel = await openPanel(context, extensionId);
    await sendChat(panel, 'Where did I read about octopuses opening jars?');
    await expect(assistantMessages(panel).last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });

    await panel.getByRole('button', { name: 'Share to team' }).click();
    await panel.getByRole('menuitem', { name: 'Passages cited in the last answer' }).click();
    const card = panel.getByRole('region', { name: 'Share to team' });
    await expect(card.locator('[data-field="title"]')).toHaveText(/^Passages cited in “.+”$/);
    await expect(card.locator('[data-field="url"]')).toHaveText(`${site.url}/octopus.html`);
    const text = card.getByLabel('Text that will be sent');
    await expect(text).toContainText('unscrew the lids of jars');
    await expect(text).toContainText(`${site.url}/octopus.html`);
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(card.getByRole('status')).toContainText('Shared and indexed', { timeout: 60_000 });
    const [doc] = (await call('GET', '/v1/documents', world.bob.token)).json as { id: string }[];
    await waitFor(world.bob.token, doc!.id);
    const passages = ((await call('GET', `/v1/documents/${doc!.id}`, world.bob.token)).json as { passages: string[] })
      .passages;
    expect(passages.join('\n')).toContain('unscrew the lids of jars');
    expect(passages.join('\n')).toContain(`Octopus cognition\n${site.url}/octopus.html`);
  } finally {
    await site.close();
    await server.close();
  }
});
