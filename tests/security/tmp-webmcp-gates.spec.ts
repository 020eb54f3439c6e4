import { expect, test } from '../e2e/fixtures';
import { runWebMcpGates } from './run-webmcp-gates';
test('webmcp gates', async ({ context, extensionId, llm, extPage }) => {
  test.setTimeout(300_000);
  const report = await runWebMcpGates({ context, extensionId, llm, extPage });
  console.log(JSON.stringify(report));
  expect(report.violations).toEqual([]);
});
