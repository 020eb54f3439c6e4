/**
 * `npm start` as a user runs it: Chromium launched with start-browser's own command line (no Playwright
 * pages of its own), the tabs counted over DevTools' HTTP endpoint.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../harness/chromium';
import { extensionDir } from '../harness/launch-extension';
import { startBrowserArgs, unpackedExtensionId } from '../harness/start-browser-args';
import { callBackground, expect, test } from './fixtures';

interface Target {
  type: string;
  url: string;
}

interface Started {
  port: number;
  child: ChildProcess;
  pages(): Promise<string[]>;
  workerRunning(): Promise<boolean>;
  close(): Promise<void>;
}

async function startLikeNpmStart(profile: string): Promise<Started> {
  rmSync(join(profile, 'DevToolsActivePort'), { force: true });
  const child = spawn(chromiumPath(), startBrowserArgs({ extensionDir, profile, headless: true, debuggingPort: 0 }), {
    stdio: 'ignore',
  });
  const portFile = join(profile, 'DevToolsActivePort');
  await expect
    .poll(() => existsSync(portFile) && readFileSync(portFile, 'utf8').includes('\n'), { timeout: 15_000 })
    .toBe(true);
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  const targets = async (): Promise<Target[]> => (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    child,
    pages: async () => (await targets()).filter((t) => t.type === 'page').map((t) => t.url),
    workerRunning: async () =>
      (await targets()).some((t) => t.type === 'service_worker' && t.url.includes(unpackedExtensionId(extensionDir))),
    async close() {
      // SIGTERM is Chromium's orderly shutdown (as when a person quits), so the profile is written out.
      child.kill('SIGTERM');
      await exited;
    },
  };
}

test('npm start shows the onboarding in exactly one tab, and no onboarding once a provider is set up', async ({
  llm,
}) => {
  test.setTimeout(90_000);
  const profile = mkdtempSync(join(tmpdir(), 'tabwise-start-'));
  const onboardingUrl = `chrome-extension://${unpackedExtensionId(extensionDir)}/options.html#onboarding`;
  try {
    const first = await startLikeNpmStart(profile);
    try {
      await expect.poll(first.pages, { timeout: 20_000 }).toContain(onboardingUrl);
      // Let anything late (a second handler, a page named on the command line) show itself.
      await new Promise((r) => setTimeout(r, 2_000));
      const pages = await first.pages();
      expect(pages.filter((u) => u.startsWith('chrome-extension://') || u.startsWith('chrome-error://'))).toEqual([
        onboardingUrl,
      ]);
    } finally {
      await first.close();
    }

    // Quit without setting anything up: the next start shows the onboarding again, once.
    const again = await startLikeNpmStart(profile);
    try {
      await expect.poll(again.pages, { timeout: 20_000 }).toContain(onboardingUrl);
      await new Promise((r) => setTimeout(r, 2_000));
      const pages = await again.pages();
      expect(pages.filter((u) => u.startsWith('chrome-extension://') || u.startsWith('chrome-error://'))).toEqual([
        onboardingUrl,
      ]);
    } finally {
      await again.close();
    }

    // Set a provider up in the same profile (Playwright drives its pages; the profile is what carries over).
    const setup = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      channel: 'chromium',
      args: startBrowserArgs({ extensionDir, profile, headless: true, debuggingPort: 0 }).filter(
        (a) => !a.startsWith('--user-data-dir=') && !a.startsWith('--remote-debugging-port='),
      ),
    });
    try {
      const page = await setup.newPage();
      await page.goto(`chrome-extension://${unpackedExtensionId(extensionDir)}/options.html`);
      await callBackground(page, 'providers.save', {
        kind: 'openai-compatible',
        name: 'Fake',
        baseUrl: llm.openaiBaseUrl,
        model: 'fake-chat-1',
      });
    } finally {
      await setup.close();
    }

    const second = await startLikeNpmStart(profile);
    try {
      await expect.poll(second.workerRunning, { timeout: 20_000 }).toBe(true);
      await new Promise((r) => setTimeout(r, 3_000));
      const pages = await second.pages();
      expect(pages.filter((u) => u.startsWith('chrome-extension://') || u.startsWith('chrome-error://'))).toEqual([]);
    } finally {
      await second.close();
    }
  } finally {
    // Chromium's helper processes can still be writing the profile as the browser exits: retry a moment.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
});
