/** The loop every case-list runner shares: each case in turn, a case that throws is a violation, and it is counted. */
import type { FakeLlm } from '../fake-llm';
import { isTitleRequest } from '../e2e/fixtures';

export interface CaseReport {
  cases: number;
  violations: string[];
}

/**
 * Runs `names` of `cases` in order, each with the fake LLM emptied (title requests answered on the side), and counts
 * `weight(name)` cases for each (1 unless said): a case that throws records `name: message` as a violation.
 */
export async function runCases<N extends string, C>(
  llm: FakeLlm,
  names: readonly N[],
  cases: Record<N, (ctx: C) => Promise<void>>,
  ctx: C,
  report: CaseReport,
  weight: (name: N) => number = () => 1,
): Promise<void> {
  for (const name of names) {
    llm.reset();
    llm.respondTo(isTitleRequest, { text: ['Canned title'] });
    try {
      await cases[name](ctx);
    } catch (error) {
      report.violations.push(
        `${name}: ${error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ') : String(error)}`,
      );
    }
    report.cases += weight(name);
  }
}
