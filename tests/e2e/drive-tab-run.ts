/**
 * Drives a run for the tab tests: the fake LLM answers each request from a small planner over the tool
 * results so far (as the gallery's oracles do), and every approval card is decided by the test, which
 * records what was asked and on which origin.
 */
import type { Page } from '@playwright/test';
import type { FakeLlm } from '../fake-llm';
import type { OracleMove, OracleStep } from '../fixtures/tasks/gallery-task';
import { assistantMessages } from '../harness/extension-helpers';
import { decideAndWait } from '../harness/until-decided';
import { isTitleRequest } from './fixtures';
import { oracleReply, stepsOf } from './run-gallery-task';

/** Answers every chat request with `plan(steps)`. */
export function planWith(llm: FakeLlm, plan: (steps: readonly OracleStep[], request: string) => OracleMove): void {
  // The planner also gets the raw request (as JSON text), for what only the user turn's data block says.
  llm.setFallback((req) =>
    oracleReply({
      id: 'tabs',
      page: '',
      instruction: '',
      check: async () => true,
      oracle: (_i, steps) => plan(steps, JSON.stringify(req.body)),
    })(req),
  );
}

/** The steps the model had seen by its last request. */
export function lastSteps(llm: FakeLlm): OracleStep[] {
  const last = llm.requests.filter((r) => !isTitleRequest(r) && r.method === 'POST').at(-1);
  return last ? stepsOf(last).steps : [];
}

export interface Asked {
  tool: string;
  origin: string;
}

/**
 * Waits for the run's answer, deciding each approval card as `decide` says (by tool and origin); answers
 * the cards that were shown, in order. A card `decide` does not expect fails the test.
 */
export async function settleRun(
  panel: Page,
  decide: (asked: Asked) => 'approve' | 'deny',
  timeoutMs = 50_000,
): Promise<Asked[]> {
  const asked: Asked[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await assistantMessages(panel)
      .last()
      .getAttribute('data-status')
      .catch(() => null);
    if (status === 'complete' || status === 'error' || status === 'stopped') return asked;
    if (Date.now() > deadline) throw new Error(`the run did not finish; asked so far: ${JSON.stringify(asked)}`);
    const pending = panel.locator('.tool-card:has(.approval .actions)').first();
    if (await pending.isVisible().catch(() => false)) {
      const tool = (await pending.getAttribute('data-tool')) ?? '';
      const origin =
        (await pending
          .locator('.approval-origin strong')
          .textContent()
          .catch(() => '')) ?? '';
      const one = { tool, origin };
      asked.push(one);
      // The card loses its buttons once the worker has the decision; do not decide the same card twice.
      await decideAndWait(panel, pending, decide(one) === 'approve' ? 'Approve' : 'Deny');
    } else {
      await panel.waitForTimeout(50);
    }
  }
}

/** The result of the `n`-th call of `tool` the model received. */
export const resultOf = (steps: readonly OracleStep[], tool: string, n = 0) =>
  steps.filter((s) => s.tool === tool)[n]?.result ?? '';
