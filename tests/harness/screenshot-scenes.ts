/**
 * The README's screenshots as scenes: the built extension, the fake LLM scripting a real-looking
 * conversation, and a PNG per view (panel light and dark, an approval card for a fill, settings' Models and
 * Performance). Shared by `npm run screenshots` (tests/harness/screenshots.ts) and the e2e check that the
 * script still works (tests/e2e/screenshots.spec.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { TITLE_INSTRUCTION } from '../../lib/background/generate-title';
import { startFakeLlm, type FakeLlm, type RecordedRequest } from '../fake-llm';
import { plainFormHtml } from '../fixtures/pages/shared/plain-form-html';
import { addProvider, assistantMessages, openPanel, sendChat } from './extension-helpers';
import { launchExtension } from './launch-extension';
import { serveStatic, type StaticServer } from './serve-static';

/** A side panel's usual size in Chrome. */
export const PANEL_SIZE = { width: 400, height: 800 };
export const SETTINGS_SIZE = { width: 1100, height: 800 };

/** Each screenshot: its file name and the viewport it is taken at. */
export const SHOTS = {
  'panel-light.png': PANEL_SIZE,
  'panel-dark.png': PANEL_SIZE,
  'approval.png': PANEL_SIZE,
  'settings-models.png': SETTINGS_SIZE,
  'settings-performance.png': SETTINGS_SIZE,
} as const;

export type ShotName = keyof typeof SHOTS;

const isTitleRequest = (r: RecordedRequest) => JSON.stringify(r.body ?? '').includes(TITLE_INSTRUCTION);

const article = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Octopus cognition</title></head><body><main><article>
<h1>Octopus cognition</h1>
<p>Octopuses can unscrew the lids of jars from the inside to reach the crab kept within, and learn the trick faster after watching another octopus do it.</p>
<p>They recognise individual people, and squirt water at the ones they dislike. Two thirds of their neurons sit in their arms, which taste what they touch.</p>
</article></main></body></html>`;

const signup = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign up · Example Co</title></head><body><main>
<h1>Create your account</h1>${plainFormHtml()}</main></body></html>`;

const summary = [
  'This page is about **octopus cognition**. In short:\n\n',
  '- **Problem solving**: octopuses unscrew jar lids from the inside to reach a crab, and learn faster by watching another octopus.\n',
  '- **Recognising people**: they tell individual humans apart and squirt water at the ones they dislike.\n',
  '- **Distributed brain**: two thirds of their neurons are in their arms, which can taste what they touch.\n\n',
  'Want me to find related articles in your history?',
];

const call = (name: string, args: unknown = {}) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });

/** Sends `text` and waits for the answer it starts (not an earlier one) to be complete. */
async function ask(panel: Page, text: string, until: 'complete' | 'approval' = 'complete') {
  const before = await assistantMessages(panel).count();
  await sendChat(panel, text);
  const answer = assistantMessages(panel).nth(before);
  if (until === 'approval') await answer.locator('.approval .actions').waitFor();
  else await answer.and(panel.locator('[data-status="complete"]')).waitFor();
  return answer;
}

/** A fresh conversation, so each scene shows only its own. */
const newConversation = (panel: Page) => panel.getByRole('button', { name: 'New', exact: true }).click();

/** The ports `npm run screenshots` uses, so the addresses in the pictures stay the same from run to run. */
export const FIXED_PORTS = { llm: 47311, pages: 47312 };

/**
 * Takes every screenshot into `outDir`; answers the files written, by name. `ports`: where the fake LLM
 * and the pages listen (default free ones, so a check can run beside the script).
 */
export async function takeScreenshots(
  outDir: string,
  ports: { llm: number; pages: number } = { llm: 0, pages: 0 },
): Promise<Record<ShotName, string>> {
  mkdirSync(outDir, { recursive: true });
  const out = (name: ShotName) => join(outDir, name);
  // Servers first: a port already taken fails before Chromium is started, leaving nothing behind.
  const llm = await startFakeLlm({ port: ports.llm });
  const server = await serveStatic({ '/octopus.html': article, '/signup.html': signup }, {}, ports.pages).catch(
    async (e: unknown) => {
      await llm.close();
      throw e;
    },
  );
  const launched = await launchExtension().catch(async (e: unknown) => {
    await Promise.all([server.close(), llm.close()]);
    throw e;
  });
  try {
    const { context, extensionId } = launched;
    llm.respondTo(isTitleRequest, { text: ['Octopus cognition, summarised'] });
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await addProvider(options, {
      kind: 'openai-compatible',
      name: 'OpenAI (fake)',
      baseUrl: llm.openaiBaseUrl,
      model: 'gpt-4o-mini',
    });

    await conversation(context, extensionId, llm, server, out);
    await approval(context, extensionId, llm, server, out);

    await options.setViewportSize(SETTINGS_SIZE);
    await options.emulateMedia({ colorScheme: 'light' });
    // A hash-only goto keeps the page (and the list it loaded before the provider existed): reload.
    await options.goto(`chrome-extension://${extensionId}/options.html#models`);
    await options.reload();
    await options.locator('.settings-section, section').filter({ hasText: 'OpenAI (fake)' }).first().waitFor();
    await options.getByRole('heading', { name: 'Models', level: 2 }).waitFor();
    await settle(options);
    await shoot(options, out('settings-models.png'));
    await options.goto(`chrome-extension://${extensionId}/options.html#performance`);
    await options.locator('.figure-card[data-model] svg.sparkline').first().waitFor();
    await options
      .getByRole('region', { name: 'Performance' })
      .evaluate((section) => window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 16));
    await settle(options);
    await shoot(options, out('settings-performance.png'));
    return Object.fromEntries(Object.keys(SHOTS).map((n) => [n, out(n as ShotName)])) as Record<ShotName, string>;
  } finally {
    await server.close();
    await llm.close();
    await launched.close();
  }
}

/** A page summarised in the panel, in light and in dark mode; a few runs so Performance has figures. */
async function conversation(
  context: BrowserContext,
  extensionId: string,
  llm: FakeLlm,
  server: StaticServer,
  out: (n: ShotName) => string,
) {
  const page = await context.newPage();
  await page.goto(`${server.url}/octopus.html`);
  // Earlier runs, so Performance has figures over time (and a prompt cache to show).
  for (let i = 0; i < 3; i++)
    llm.enqueue({
      text: ['Sure, ', 'here you go.'],
      usage: { inputTokens: 900 + i * 100, outputTokens: 40, cachedTokens: i * 400 },
    });
  const warmup = await openPanel(context, extensionId);
  for (const q of ['Hello', 'What can you do?', 'Thanks']) await ask(warmup, q);
  await warmup.close();

  llm.enqueue(
    { ...call('read_page'), usage: { inputTokens: 1200, outputTokens: 20, cachedTokens: 800 } },
    { text: summary, usage: { inputTokens: 1900, outputTokens: 160, cachedTokens: 1100 } },
  );
  const panel = await openPanel(context, extensionId);
  await panel.setViewportSize(PANEL_SIZE);
  await newConversation(panel);
  await ask(panel, 'What is this page about?');
  await panel.emulateMedia({ colorScheme: 'light' });
  await settle(panel);
  await shoot(panel, out('panel-light.png'));
  await panel.emulateMedia({ colorScheme: 'dark' });
  await settle(panel);
  await shoot(panel, out('panel-dark.png'));
  await panel.close();
}

/** A fill on a sign-up form waiting for the user's approval: the origin, then each field old → new, then the choice. */
async function approval(
  context: BrowserContext,
  extensionId: string,
  llm: FakeLlm,
  server: StaticServer,
  out: (n: ShotName) => string,
) {
  const page = await context.newPage();
  await page.goto(`${server.url}/signup.html`);
  const updates = { fullName: 'Ada Lovelace', email: 'ada@example.com', country: 'fr', newsletter: true };
  llm.enqueue(
    { ...call('get_form_state'), usage: { inputTokens: 2400, outputTokens: 20, cachedTokens: 1800 } },
    { ...call('fill_form', { updates }), usage: { inputTokens: 2600, outputTokens: 60, cachedTokens: 2200 } },
    {
      text: ['Filled in your name, email and country, and ticked the newsletter.'],
      usage: { inputTokens: 2800, outputTokens: 30, cachedTokens: 2400 },
    },
  );
  const panel = await openPanel(context, extensionId);
  await panel.setViewportSize(PANEL_SIZE);
  await panel.emulateMedia({ colorScheme: 'light' });
  await newConversation(panel);
  const answer = await ask(
    panel,
    'Sign me up as Ada Lovelace, ada@example.com, in France, with the newsletter',
    'approval',
  );
  const card = answer.locator('.tool-card[data-tool="fill_form"]');
  await card.scrollIntoViewIfNeeded();
  await settle(panel);
  await shoot(panel, out('approval.png'));
  await card.getByRole('button', { name: 'Approve' }).click();
  await answer.and(panel.locator('[data-status="complete"]')).waitFor();
  await panel.close();
}

/** Lets fonts load, so the same scene gives the same picture. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
}

/** A screenshot without the blinking caret or running animations (the extension's CSP forbids injected styles). */
const shoot = (page: Page, path: string) => page.screenshot({ path, caret: 'hide', animations: 'disabled' });
