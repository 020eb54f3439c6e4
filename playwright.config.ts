import { defineConfig } from '@playwright/test';

// End-to-end tests drive the BUILT extension (.output/chrome-mv3) in headless Chromium; see tests/e2e/fixtures.ts.
export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Spec files run three at a time, tests in one file in order. The tests of a worker share one Chromium, reset to a
  // freshly installed extension before each test (tests/e2e/fixtures.ts). Three on the 2-core CI machine: a test
  // spends most of its time waiting (for the worker, a stream, a timer, a file Chromium picks up), about 2.5
  // CPU-seconds in 4.4 s, so two workers left the cores idle about 40% of the stage. TABWISE_E2E_WORKERS=1 runs one
  // at a time.
  fullyParallel: false,
  workers: Number(process.env.TABWISE_E2E_WORKERS ?? 3),
  // On CI a failed test runs once more; one that then passes is reported as flaky in npm test's summary, never hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { trace: 'off' },
});
