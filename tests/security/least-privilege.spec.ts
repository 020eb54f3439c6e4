/**
 * Least privilege (issue 10): with "Remember what I read" off, no Tabwise script runs in any page the user
 * opens. No content script is registered; no frame of a newly opened page (top frame, same-origin and
 * cross-origin iframes) holds the page agent, the page reader or anything answering a page command until a
 * run acts on that tab. Counted as injected_pages_with_index_off, which must be 0 (run-least-privilege.ts).
 */
import { expect, test } from '../e2e/fixtures';
import { runLeastPrivilege } from './run-least-privilege';

test('with remembering off, no Tabwise script runs in any page the user opens', async ({ context, extensionId }) => {
  const report = await runLeastPrivilege({ context, extensionId });
  expect(report.registered).toEqual([]);
  expect(report.declared).toEqual([]);
  expect(report.cases).toBe(4);
  console.log(`security: injected_pages_with_index_off=${report.injectedPages}`);
  expect(report.injectedPages).toBe(0);
});
