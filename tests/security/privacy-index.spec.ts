/**
 * The privacy corpus against what is indexed, through the built extension (run-privacy-corpus.ts, shared
 * with the `security` bench): no secret of any kind in privacy-corpus.ts, in page text or in a URL, can be
 * found in the history index or its stored URLs.
 */
import { expect, test } from '../e2e/fixtures';
import { haveTestModel, modelsDir, runPrivacyCorpus } from './run-privacy-corpus';

test.skip(!haveTestModel(), `local test model not found in ${modelsDir} (set TABWISE_MODELS_DIR)`);

test('pages and URLs carrying every kind of secret are indexed without any of them', async ({ context, extPage }) => {
  test.setTimeout(150_000);
  const report = await runPrivacyCorpus({ context, extPage });
  expect(report.cases).toBeGreaterThanOrEqual(40);
  // Every page was captured and indexed (a page left out would make the search below prove nothing).
  expect(report.indexedPages, `stored: ${report.storedUrls.join(' ')}`).toBe(report.admissible);
  expect(report.admissible).toBeGreaterThanOrEqual(11);
  expect(report.proseFound.every(Boolean), `pages found by their own words: ${report.proseFound}`).toBe(true);
  console.log(`security: secrets_indexed=${report.found.length}`);
  expect(report.found).toEqual([]);
});
