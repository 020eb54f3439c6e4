/**
 * What every security runner needs: the built extension in a fresh profile, the fake LLM (answering title
 * requests on the side, as the e2e fixtures do) and an extension page to call the background from. The
 * specs get these from tests/e2e/fixtures.ts; the `security` bench starts one session per runner with
 * startSecuritySession, so no runner sees another's settings, index or approvals.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fake-llm';
import { launchExtension } from '../harness/launch-extension';
import { isTitleRequest } from '../e2e/fixtures';

/** The fixtures a runner takes (the same names as the e2e fixtures, so a spec passes its own). */
export interface SecurityFixtures {
  context: BrowserContext;
  extensionId: string;
  llm: FakeLlm;
  extPage: Page;
}

export interface SecuritySession extends SecurityFixtures {
  close(): Promise<void>;
}

/** A fresh extension, fake LLM and options page. */
export async function startSecuritySession(options: { args?: string[] } = {}): Promise<SecuritySession> {
  const llm = await startFakeLlm();
  llm.respondTo(isTitleRequest, { text: ['Canned title'] });
  const launched = await launchExtension(options);
  // The bench runs under tsx, whose esbuild keeps function names by wrapping them in a `__name` helper that
  // exists only in Node; functions handed to the browser (init scripts, evaluate) would throw there. The
  // Playwright runner compiles without it, so the specs need no shim.
  const shim = 'globalThis.__name ??= (fn) => fn;';
  await launched.context.addInitScript({ content: shim });
  for (const worker of launched.context.serviceWorkers()) await worker.evaluate(shim);
  const extPage = await launched.context.newPage();
  await extPage.goto(`chrome-extension://${launched.extensionId}/options.html`);
  return {
    context: launched.context,
    extensionId: launched.extensionId,
    llm,
    extPage,
    async close() {
      await launched.close();
      await llm.close();
    },
  };
}
