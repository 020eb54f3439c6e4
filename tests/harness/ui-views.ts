/**
 * Every view of the extension a person can reach, each opened in a given colour scheme with the state that
 * shows it (the panel empty, history, a streaming answer, tool cards, an approval, an error, a dialog, each
 * settings section, onboarding). Shared by the accessibility e2e spec and the `ui` bench, so both check the
 * same list. Uses Playwright's waits only (no `expect`), so a bench can run it outside the test runner.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
// The section titles below are the UI's own (chrome.i18n): English in this Node process, as in Chromium's en-US.
import './install-english-i18n-global';
import { SETTINGS_SECTIONS } from '../../components/options/settings-sections';
import { addFakeProvider, assistantMessages, sendChat } from './extension-helpers';
import { serveStatic, type StaticServer } from './serve-static';

/** Long enough on a loaded machine; short enough that a view that never appears fails the run soon. */
const WAIT = 20_000;

export type ColorScheme = 'light' | 'dark';

export interface ViewEnv {
  context: BrowserContext;
  extensionId: string;
  llm: FakeLlm;
  /** Serves /form.html, the page the tool-card views read and fill. */
  site: StaticServer;
}

export interface UiView {
  name: string;
  /** Opens a fresh page in `scheme` and brings it to the state the view names; the caller closes it. */
  open(env: ViewEnv, scheme: ColorScheme): Promise<Page>;
}

const form = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign up</title></head><body><main>
<h1>Sign up</h1><p>Join the octopus appreciation society.</p>
<form id="signup" action="/done" method="post">
<label>Full name <input name="fullName"></label>
<label>Email <input type="email" name="email" value="old@example.com"></label>
<button type="submit">Sign up</button></form></main></body></html>`;

/** Starts the page server and configures the fake provider: call once per browser before opening views. */
export async function prepareViews(context: BrowserContext, extensionId: string, llm: FakeLlm): Promise<ViewEnv> {
  const site = await serveStatic({ '/form.html': form });
  const setup = await context.newPage();
  await setup.goto(`chrome-extension://${extensionId}/options.html`);
  await addFakeProvider(setup, llm);
  await setup.close();
  return { context, extensionId, llm, site };
}

async function openExtensionPage(env: ViewEnv, scheme: ColorScheme, path: string): Promise<Page> {
  const page = await env.context.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`chrome-extension://${env.extensionId}/${path}`);
  return page;
}

async function openPanel(env: ViewEnv, scheme: ColorScheme): Promise<Page> {
  const panel = await openExtensionPage(env, scheme, 'sidepanel.html');
  await panel.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: WAIT });
  return panel;
}

/** A panel on a new conversation, so an earlier view's run (still streaming, perhaps) does not queue this one's message. */
async function openNewChat(env: ViewEnv, scheme: ColorScheme): Promise<Page> {
  const panel = await openPanel(env, scheme);
  await panel.getByRole('button', { name: 'New', exact: true }).click();
  return panel;
}

const call = (name: string, args: unknown = {}) => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
const lastAnswer = (panel: Page) => assistantMessages(panel).last();

/** A panel over the form page, with a run that read it, read its state and asks to fill it. */
async function openApproval(env: ViewEnv, scheme: ColorScheme): Promise<Page> {
  // Left open: the tools act on it, also after approval; the browser closes it at the end.
  const site = await env.context.newPage();
  await site.goto(`${env.site.url}/form.html`);
  const panel = await openNewChat(env, scheme);
  env.llm.enqueue(
    call('read_page'),
    call('get_form_state'),
    call('fill_form', { updates: { fullName: 'Ada Lovelace', email: 'ada@example.com' } }),
  );
  await sendChat(panel, 'Sign me up as Ada');
  await panel.locator('.tool-card[data-tool="fill_form"][data-status="awaiting-approval"]').waitFor({ timeout: WAIT });
  return panel;
}

async function openFinishedAnswer(env: ViewEnv, scheme: ColorScheme): Promise<Page> {
  const panel = await openNewChat(env, scheme);
  env.llm.enqueue({
    text: [
      'Octopuses have **three** hearts.\n\n',
      '- one for the body\n',
      '- two for the gills\n\n',
      '```js\nconst hearts = 3;\n```',
    ],
  });
  await sendChat(panel, 'How many hearts?');
  await lastAnswer(panel).and(panel.locator('[data-status="complete"]')).waitFor({ timeout: WAIT });
  return panel;
}

export const UI_VIEWS: UiView[] = [
  { name: 'panel: empty', open: openPanel },
  {
    name: 'panel: history',
    async open(env, scheme) {
      const panel = await openFinishedAnswer(env, scheme);
      await panel.getByRole('button', { name: 'History' }).click();
      await panel
        .getByRole('navigation', { name: 'Past conversations' })
        .getByRole('listitem')
        .first()
        .waitFor({ timeout: WAIT });
      return panel;
    },
  },
  {
    name: 'panel: streaming answer',
    async open(env, scheme) {
      const panel = await openNewChat(env, scheme);
      env.llm.enqueue({
        text: ['The ', 'answer ', 'is ', 'coming ', 'slowly ', 'in ', 'many ', 'pieces.'],
        // Slow enough to still be streaming while the accessibility spec checks it in light and then dark mode.
        chunkDelayMs: 1000,
      });
      await sendChat(panel, 'Tell me slowly');
      await lastAnswer(panel)
        .and(panel.locator('[data-status="streaming"]'))
        .locator('.markdown')
        .waitFor({ timeout: WAIT });
      return panel;
    },
  },
  {
    name: 'panel: approval card',
    open: openApproval,
  },
  {
    name: 'panel: tool cards',
    async open(env, scheme) {
      const panel = await openApproval(env, scheme);
      // The answer after the fill is scripted only now: the approval view leaves its run waiting, unanswered.
      env.llm.enqueue({ text: ['Filled the form.'] });
      await panel.locator('.approval').getByRole('button', { name: 'Approve' }).click();
      await lastAnswer(panel).and(panel.locator('[data-status="complete"]')).waitFor({ timeout: WAIT });
      return panel;
    },
  },
  {
    name: 'panel: error card',
    async open(env, scheme) {
      const panel = await openNewChat(env, scheme);
      // A rejected key: not retried by the SDKs, so the card shows at once.
      env.llm.enqueue({ fault: { kind: 'http', status: 401, message: 'Incorrect API key provided' } });
      await sendChat(panel, 'Tell me');
      await lastAnswer(panel).getByRole('alert').waitFor({ timeout: WAIT });
      return panel;
    },
  },
  {
    name: 'panel: dialog (what the model saw)',
    async open(env, scheme) {
      const panel = await openFinishedAnswer(env, scheme);
      await lastAnswer(panel).getByRole('button', { name: 'What the model saw' }).click();
      await panel.getByRole('dialog', { name: 'What the model saw' }).waitFor({ timeout: WAIT });
      return panel;
    },
  },
  {
    name: 'panel: dialog (link confirmation)',
    async open(env, scheme) {
      const panel = await openNewChat(env, scheme);
      env.llm.enqueue({
        text: [`Here is [your report](${env.llm.url}/leak?d=${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjQy'.repeat(3)}).`],
      });
      await sendChat(panel, 'Where is my report?');
      await lastAnswer(panel)
        .getByRole('link', { name: /your report/ })
        .click();
      await panel.getByRole('dialog', { name: 'Open this link?' }).waitFor({ timeout: WAIT });
      return panel;
    },
  },
  // Settings is one page with every section on it (the hash only scrolls and marks the current link), so one view
  // checks them all: a view per section ran axe over the same page eleven times.
  {
    name: 'settings: every section',
    async open(env, scheme) {
      const page = await openExtensionPage(env, scheme, 'options.html#models');
      for (const section of SETTINGS_SECTIONS)
        await page.getByRole('heading', { name: section.title, exact: true }).first().waitFor({ timeout: WAIT });
      return page;
    },
  },
  {
    name: 'onboarding',
    async open(env, scheme) {
      const page = await openExtensionPage(env, scheme, 'options.html#onboarding');
      await page.getByRole('heading', { name: 'Welcome to Tabwise' }).waitFor({ timeout: WAIT });
      return page;
    },
  },
];

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

export interface AxeFinding {
  view: string;
  scheme: ColorScheme;
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's explanation for the first node (for contrast: the colours and the ratio). */
  summary: string;
}

/**
 * The WCAG 2.1 A/AA rules that read colours. The stylesheets differ between light and dark in colours only (the
 * `light-dark()` tokens of components/styles.css and settings.css's dark blocks), so a view already checked in one
 * scheme needs only these in the other.
 */
export const AXE_COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe on the page with the WCAG 2.1 A/AA rules (`colourOnly`: the rules that read colours; `include`: only the
 * part of the page a selector names); one finding per rule per view, with the nodes it hit.
 */
export async function axeFindings(
  page: Page,
  view: string,
  scheme: ColorScheme,
  { colourOnly = false, include }: { colourOnly?: boolean; include?: string } = {},
): Promise<AxeFinding[]> {
  const axe = include ? new AxeBuilder({ page }).include(include) : new AxeBuilder({ page });
  const results = await (colourOnly ? axe.withRules(AXE_COLOUR_RULES) : axe.withTags(AXE_TAGS)).analyze();
  return results.violations.map((v) => ({
    view,
    scheme,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
    summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
  }));
}

export const isSerious = (f: AxeFinding) => f.impact === 'serious' || f.impact === 'critical';
