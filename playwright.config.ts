import { defineConfig } from '@playwright/test';

// End-to-end tests drive the BUILT extension (.output/chrome-mv3) in headless Chromium; see tests/e2e/fixtures.ts.
export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Spec files run two at a time (each test has its own browser, profile and servers; tests in one file stay in
  // order). TABWISE_E2E_WORKERS=1 runs them one at a time.
  fullyParallel: false,
  workers: Number(process.env.TABWISE_E2E_WORKERS ?? 2),
  // On CI a failed test runs once more; one that then passes is reported as flaky in npm test's summary, never hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { trace: 'off' },
});
