/**
 * Pages that offer tools (WebMCP) are untrusted: a hostile description draws no card lines and hides nothing from
 * the cleaner; a frame cannot offer tools for its parent (same-origin by reaching into it, cross-origin through the
 * relay's handshake) and a page never sees the extension's handshake with the relay; a tool that changes its words
 * after it was approved is asked about again; destructive tools are carded every time; text read on another site
 * in a tool's arguments, plain or encoded, is carded with where it came from, even after "Always allow"; and a
 * tool's requests to interact get one card and no callback without Continue. Every case is run-webmcp-gates.ts's,
 * which the `security` bench counts too.
 */
import { expect, test } from '../e2e/fixtures';
import { runWebMcpGates } from './run-webmcp-gates';

test('site tool gates: hostile words, frames, a rug pull, destructive tools, the setting off, egress and interaction', async ({
  context,
  extensionId,
  llm,
  extPage,
}) => {
  test.setTimeout(240_000);
  const report = await runWebMcpGates({ context, extensionId, llm, extPage });
  console.log(`security: webmcp_gate_cases=${report.cases} webmcp_gate_violations=${report.violations.length}`);
  expect(report.violations).toEqual([]);
  expect(report.unapprovedCalls).toBe(0);
  expect(report.hiddenCanaries).toBe(0);
  expect(report.cases).toBe(8);
});
