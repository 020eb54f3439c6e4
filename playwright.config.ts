import { defineConfig } from '@playwright/test';

// End-to-end tests drive the BUILT extension (.output/chrome-mv3) in headless Chromium; see tests/e2e/fixtures.ts.
export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { trace: 'off' },
});
