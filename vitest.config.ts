import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { chromiumArgs, chromiumPath, webGpuTestArgs } from './tests/harness/chromium';

// Two projects: `unit` runs in Node with WXT's fake browser APIs; `browser` runs in real Chromium
// (real IndexedDB, real DOM, real WASM).
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          environment: 'node',
          setupFiles: ['tests/harness/install-english-i18n.ts'],
          include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts'],
          exclude: ['lib/**/*.browser.test.ts'],
          testTimeout: 20_000,
          // Files share a worker's module graph instead of re-importing it per file (45 s instead of 2 min on
          // the 2-core machine); each test file sets up its own fakes and restores the globals it stubs.
          isolate: false,
        },
      },
      {
        // The team server (lib/team-server), in Node against Postgres over the wire: one embedded PGlite per file.
        test: {
          name: 'team-server',
          environment: 'node',
          include: ['tests/team-server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // No WxtVitest here: its virtual setup module cannot load in browser mode. Browser tests need no fake APIs.
        // transformers.js is first imported inside the embedding worker; pre-bundled up front, Vite does not
        // discover it mid-run and reload the test.
        optimizeDeps: {
          include: ['@huggingface/transformers', 'pdfjs-dist', 'pdf-lib', 'exceljs', 'mammoth', 'papaparse', 'jszip'],
        },
        test: {
          name: 'browser',
          // The page-tool tests load fixture pages built with the real frameworks; the retrieval tests, the local models.
          globalSetup: ['tests/fixtures/pages/global-setup.ts', 'tests/browser/serve-models.ts'],
          setupFiles: ['tests/harness/install-english-i18n.ts'],
          include: ['tests/browser/**/*.test.ts', 'tests/browser/**/*.test.tsx', 'lib/**/*.browser.test.ts'],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // WebGPU's software adapter, for the WebGPU/WebAssembly parity test (see webGpuTestArgs).
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, ...webGpuTestArgs] },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
