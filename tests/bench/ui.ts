/**
 * ui: how soon the side panel is usable, how much JavaScript its pages load, axe's serious findings on every
 * view, and the complete locales.
 * - panel_ready_ms: median over --runs (default 12) openings of sidepanel.html of the time from navigation start
 *   until the message box accepts input (present, enabled and focused), taken in the page with performance.now()
 *   by an init script that checks on every DOM change and focus move, and every few ms.
 * - panel_js_gz_kb / options_js_gz_kb: gzip size (KB of 1024) of the JavaScript the page loads at start: the
 *   HTML's module scripts and modulepreloads and their static imports, from the built .output/chrome-mv3
 *   (dynamic imports are loaded later and not counted; --chunks lists each file).
 * - axe_serious: serious + critical axe findings (a rule on a view) over every view in tests/harness/ui-views.ts,
 *   light and dark.
 * - locales: locales in _locales/ that have every key of en (0 when there is no _locales/).
 * - approval_buttons_visible, follows_after_tall_card: the moments a person decides or waits, 1 for yes
 *   (see _ui-moments.ts).
 * - hello_prompt_tokens: input tokens of a first "Hello" sent from the panel in front of an article, one web tab,
 *   default settings (tests/harness/hello-prompt.ts), as the fake LLM server counts them (4 characters a token of
 *   the request body): the system prompt and the tools offered ride on every request.
 * Usage: npm run bench -- ui [--runs N] [--chunks]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startFakeLlm } from '../fake-llm';
import { isTitleRequest } from '../e2e/fixtures';
import { extensionDir, launchExtension } from '../harness/launch-extension';
import { measureHelloPrompt } from '../harness/hello-prompt';
import { axeFindings, isSerious, prepareViews, UI_VIEWS, type ColorScheme } from '../harness/ui-views';
import { median, round } from './_stats';
import { startupGzipKb, startupScriptSizes } from './_startup-scripts';
import { measureApprovalButtonsVisible, measureFollowsAfterTallCard } from './_ui-moments';

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 12 : Number(process.argv[runsAt + 1]);
const listChunks = process.argv.includes('--chunks');

if (!existsSync(`${extensionDir}/manifest.json`)) spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

function gzipKb(html: string): number {
  if (listChunks)
    for (const { file, gz } of startupScriptSizes(html).sort((x, y) => y.gz - x.gz))
      console.log(`  ${html}: ${file} ${round(gz / 1024, 1)} KB gz`);
  return startupGzipKb(html);
}

/**
 * Locales a user can run the whole UI in: every key of en, each with a non-empty message carrying the same
 * $1…$9 placeholders (a partial locale, where Chrome falls back to English message by message, does not count).
 */
function completeLocales(): number {
  const dir = join(extensionDir, '_locales');
  if (!existsSync(dir)) return 0;
  type Messages = Record<string, { message?: unknown } | undefined>;
  const read = (l: string) => JSON.parse(readFileSync(join(dir, l, 'messages.json'), 'utf8')) as Messages;
  const placeholders = (text: string) =>
    [...text.matchAll(/\$([1-9])/g)]
      .map((m) => m[1])
      .sort()
      .join();
  const locales = readdirSync(dir).filter((l) => existsSync(join(dir, l, 'messages.json')));
  if (!locales.includes('en')) return 0;
  const en = read('en');
  return locales.filter((l) => {
    const have = read(l);
    return Object.entries(en).every(([key, entry]) => {
      const text = have[key]?.message;
      return (
        typeof text === 'string' &&
        text.trim() !== '' &&
        placeholders(text) === placeholders(String(entry?.message ?? ''))
      );
    });
  }).length;
}

// Runs before the panel's own scripts: notes the first moment the message box is enabled and focused. A string,
// not a function: tsx wraps named functions in a helper the page does not have.
const readyProbe = `(() => {
  const check = () => {
    if (window.__tabwiseReady !== undefined) return;
    const box = document.querySelector('.composer [role="textbox"]');
    if (box && box.isContentEditable && document.activeElement === box) {
      window.__tabwiseReady = performance.now();
      clearInterval(poll);
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('focusin', check, true);
  // A page without window focus moves activeElement without a focus event: poll too (about every 4 ms).
  const poll = setInterval(check, 1);
})();`;

const panelJs = gzipKb('sidepanel.html');
const optionsJs = gzipKb('options.html');
const locales = completeLocales();

const llm = await startFakeLlm();
llm.respondTo(isTitleRequest, { text: ['Canned title'] });
const ext = await launchExtension();
const readyTimes: number[] = [];
let serious = 0;
const moments = { approvalButtonsVisible: 0, followsAfterTallCard: 0 };
let helloTokens = 0;
try {
  const env = await prepareViews(ext.context, ext.extensionId, llm);
  const hello = await measureHelloPrompt(ext.context, ext.extensionId, llm);
  console.log(`  hello offered ${hello.tools.length} tools: ${hello.tools.join(', ')}`);
  helloTokens = hello.tokens;
  await ext.context.addInitScript({ content: readyProbe });
  for (let i = 0; i < RUNS + 1; i++) {
    const panel = await ext.context.newPage();
    await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
    await panel
      .waitForFunction(
        () => (window as unknown as { __tabwiseReady?: number }).__tabwiseReady !== undefined,
        undefined,
        { timeout: 10_000 },
      )
      .catch(async (e: unknown) => {
        const seen = await panel.evaluate(() => ({
          active: document.activeElement?.outerHTML.slice(0, 120),
          boxes: document.querySelectorAll('.composer [role="textbox"]').length,
          ready: (window as unknown as { __tabwiseReady?: number }).__tabwiseReady,
        }));
        throw new Error(`the message box never took input: ${JSON.stringify(seen)}`, { cause: e });
      });
    const ms = await panel.evaluate(() => (window as unknown as { __tabwiseReady: number }).__tabwiseReady);
    if (i > 0) readyTimes.push(ms); // the first opening also warms the worker and the disk cache
    await panel.close();
  }
  for (const scheme of ['light', 'dark'] as ColorScheme[]) {
    for (const view of UI_VIEWS) {
      const page = await view.open(env, scheme);
      const found = (await axeFindings(page, view.name, scheme)).filter(isSerious);
      for (const f of found) console.log(`  axe [${scheme}] ${view.name}: ${f.impact} ${f.id} ${f.summary}`);
      serious += found.length;
      await page.close();
    }
  }
  moments.approvalButtonsVisible = await measureApprovalButtonsVisible(ext.context, ext.extensionId, llm);
  moments.followsAfterTallCard = await measureFollowsAfterTallCard(ext.context, ext.extensionId, llm);
  await env.site.close();
} finally {
  await ext.close();
  await llm.close();
}
console.log(`  panel ready (ms): ${readyTimes.map((t) => round(t, 1)).join(', ')}`);
console.log(
  `ui: panel_ready_ms=${round(median(readyTimes), 1)} panel_js_gz_kb=${panelJs} options_js_gz_kb=${optionsJs} axe_serious=${serious} locales=${locales}` +
    ` hello_prompt_tokens=${helloTokens} approval_buttons_visible=${moments.approvalButtonsVisible} follows_after_tall_card=${moments.followsAfterTallCard}`,
);
