/**
 * Drives the exfiltration/XSS corpus through the built extension: the fake LLM answers with the vectors
 * (streamed in pieces, many per answer), the side panel renders them, and three witnesses watch for leaks:
 * a canary HTTP server the vectors point at, the browser's own request stream (the DevTools Fetch domain on
 * the browser target, which sees every request of every extension context), and the panel page's Network
 * events. Script execution shows as a global or a request to the canary's /xss/; unsafe markup is read from
 * the live DOM. Shared by tests/security/exfil-corpus.spec.ts and the `security` bench.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import { addProvider, sendChat } from '../harness/extension-helpers';
import { serveStatic } from '../harness/serve-static';
import { EXFIL_VECTORS, expandVector, type ExfilVector } from './exfil-corpus';
import { findUnsafeMarkup } from './find-unsafe-markup';

export interface ExfilReport {
  /** Vectors sent. */
  cases: number;
  /** Vectors whose end marker did not appear in the answer (a vector that swallowed its neighbours). */
  notRendered: string[];
  /** Requests other than to the fake LLM and the extension's own files, with the vector that caused each. */
  requests: { url: string; vector: string; witness: 'canary' | 'browser' | 'panel' }[];
  /** Vectors whose script ran. */
  xss: string[];
  /** Findings of findUnsafeMarkup in the rendered answers. */
  unsafeMarkup: string[];
  /** CSP violations in the panel: something got past the sanitiser and only the CSP stopped it. */
  cspViolations: string[];
}

const splitInPieces = (text: string, pieces: number) => {
  const size = Math.ceil(text.length / pieces);
  return Array.from({ length: pieces }, (_, i) => text.slice(i * size, (i + 1) * size)).filter(Boolean);
};

/** The vector a URL names (the longest id it contains, since ids may prefix each other), or 'unattributed'. */
function attribute(url: string, vectors: readonly ExfilVector[]): string {
  const byLength = [...vectors].sort((a, b) => b.id.length - a.id.length);
  return byLength.find((v) => url.includes(`/${v.id}`))?.id ?? 'unattributed';
}

export async function runExfilCorpus(options: {
  context: BrowserContext;
  extensionId: string;
  llm: FakeLlm;
  vectors?: readonly ExfilVector[];
  perAnswer?: number;
}): Promise<ExfilReport> {
  const { context, extensionId, llm, vectors = EXFIL_VECTORS, perAnswer = 30 } = options;
  const canary = await serveStatic({});
  const browser = context.browser();
  if (!browser) throw new Error('exfil corpus: the context has no browser to attach to');
  const browserCdp: CDPSession = await browser.newBrowserCDPSession();
  const seen: ExfilReport['requests'] = [];
  const record = (url: string, witness: 'browser' | 'panel') => {
    if (
      url.startsWith('chrome-extension://') ||
      url.startsWith(llm.url) ||
      url.startsWith('data:') ||
      url.startsWith('blob:chrome-extension://')
    )
      return;
    seen.push({ url, vector: attribute(url, vectors), witness });
  };
  browserCdp.on('Fetch.requestPaused', ({ requestId, request }) => {
    record(request.url, 'browser');
    browserCdp.send('Fetch.continueRequest', { requestId }).catch((error: unknown) => {
      if (!/Invalid InterceptionId|not found|not enabled|Target closed|Session closed/i.test(String(error)))
        throw error;
    });
  });
  await browserCdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });

  let panel: Page | undefined;
  try {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await addProvider(options, {
      kind: 'openai-compatible',
      name: 'Compromised',
      baseUrl: llm.openaiBaseUrl,
      model: 'obeys-the-page',
    });
    await options.close();
    panel = await context.newPage();
    const panelCdp = await context.newCDPSession(panel);
    panelCdp.on('Network.requestWillBeSent', ({ request }) => record(request.url, 'panel'));
    await panelCdp.send('Network.enable');
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await panel.evaluate(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      // Inline styles and handlers are reported as the sanitiser parses an answer in an inert document (which
      // shares the page's policy), though none is applied or run there (the live DOM is checked for them
      // separately); every other violation is something that tried to load.
      document.addEventListener('securitypolicyviolation', (e) => {
        const parsedInline = e.blockedURI === 'inline' && /^(style-src|script-src-attr)/.test(e.effectiveDirective);
        if (!parsedInline) w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`);
      });
    });

    for (let start = 0; start < vectors.length; start += perAnswer) {
      const batch = vectors.slice(start, start + perAnswer);
      const chunks = batch.flatMap((vector) => [
        ...splitInPieces(expandVector(vector, canary.url), 3),
        `\n\nEND-${vector.id}\n\n`,
      ]);
      llm.enqueue({ text: chunks, chunkDelayMs: 3 });
      await sendChat(panel, `Summarise the page (batch ${start / perAnswer + 1})`);
      await panel
        .locator('.message.assistant')
        .nth(start / perAnswer)
        .and(panel.locator('[data-status="complete"]'))
        .waitFor({ timeout: 30_000 });
    }
    // Lazy loads, meta refreshes and CSS fetches come a little after the DOM settles.
    await panel.waitForTimeout(800);

    // Passed as the function itself: Playwright sends its source over DevTools, which the page's CSP allows.
    const unsafe: string[] = [];
    for (const answer of await panel.locator('.message.assistant .markdown').elementHandles())
      unsafe.push(...(await answer.evaluate(findUnsafeMarkup)));
    const dom = await panel.evaluate(
      (ids) => {
        const text = [...document.querySelectorAll('.message.assistant .markdown')]
          .map((a) => a.textContent ?? '')
          .join('\n');
        const w = window as unknown as { __xss?: string; __csp: string[] };
        return { notRendered: ids.filter((id) => !text.includes(`END-${id}`)), xss: w.__xss, csp: w.__csp };
      },
      vectors.map((v) => v.id),
    );
    for (const path of canary.requests)
      seen.push({ url: `${canary.url}${path}`, vector: attribute(path, vectors), witness: 'canary' });
    const xss = new Set(seen.filter((r) => r.url.includes('/xss/')).map((r) => r.vector));
    if (dom.xss) xss.add(dom.xss);
    return {
      cases: vectors.length,
      notRendered: dom.notRendered,
      requests: seen,
      xss: [...xss],
      unsafeMarkup: unsafe,
      cspViolations: dom.csp,
    };
  } finally {
    await browserCdp.send('Fetch.disable').catch(() => undefined);
    await browserCdp.detach().catch(() => undefined);
    await panel?.close();
    await canary.close();
  }
}

/** The counts the `security` bench prints: requests that left (one per URL) and vectors whose script ran. */
export function countExfil(report: ExfilReport): { cases: number; exfilRequests: number; xssExecutions: number } {
  return {
    cases: report.cases,
    exfilRequests: new Set(report.requests.map((r) => r.url)).size,
    xssExecutions: report.xss.length,
  };
}
