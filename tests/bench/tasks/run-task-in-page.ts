/**
 * Runs a gallery task's oracle against the page agent injected into the fixture page (no extension, no
 * model, no approvals): the same tool results the model would read, with each call's time in the page.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { GalleryTask, OracleStep } from '../../fixtures/tasks/gallery-task';

export interface TimedCall {
  tool: string;
  ok: boolean;
  /** Time in the page agent. */
  ms: number;
  /** Of which the wait for the page to settle after acting. */
  settleMs: number;
}

/** Bundles the bench's page agent entry into a script defining `globalThis.TabwiseAgent`. */
export async function bundlePageAgent(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./page-agent-entry.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'TabwiseAgent',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output for the page agent');
  return file.text;
}

/** Runs `task` on `page` (already at the task's page, agent injected); answers the calls and the check. */
export async function runTaskInPage(
  task: GalleryTask,
  page: Page,
  maxSteps = 40,
): Promise<{ ok: true | string; calls: TimedCall[]; steps: OracleStep[] }> {
  const steps: OracleStep[] = [];
  const calls: TimedCall[] = [];
  for (let i = 0; i < maxSteps; i++) {
    let move;
    try {
      move = task.oracle(task.instruction, steps);
    } catch (error) {
      return { ok: `oracle: ${error instanceof Error ? error.message : String(error)}`, calls, steps };
    }
    if ('answer' in move) return { ok: await task.check(page), calls, steps };
    for (const c of move.calls) {
      const r = await page.evaluate(
        ([tool, args]) =>
          (
            globalThis as unknown as {
              TabwiseAgent: {
                callTool(t: string, a: unknown): Promise<{ result: string; ok: boolean; ms: number; settleMs: number }>;
              };
            }
          ).TabwiseAgent.callTool(tool, args),
        [c.tool, c.args] as const,
      );
      steps.push({ tool: c.tool, args: c.args, result: r.result });
      calls.push({ tool: c.tool, ok: r.ok, ms: r.ms, settleMs: r.settleMs });
    }
  }
  return { ok: `no answer after ${maxSteps} steps`, calls, steps };
}
