/** The data-flow flags of a pending call, computed from what the run's journaled tool calls read. */
import { collapseLabel } from '../tools/collapse-label';
import type { ReadSource, Tool } from '../tools/define-tool';
import { findDataFlows, type ReadText } from './find-data-flows';
import type { DataFlowFlag } from './agent-event';
import type { RunJournal, ToolCallRecord } from './run-journal';

/** Deeper than delegation may go (3), so a malformed journal cannot loop. */
const MAX_DEPTH = 4;

/** The text each finished call read, by origin (a source without text stands for the call's whole output). */
export function readTextsOf(calls: readonly ToolCallRecord[]): ReadText[] {
  return calls.flatMap((c) =>
    c.status === 'done' && !c.isError && c.reads
      ? c.reads.map((r: ReadSource) => ({ origin: r.origin, text: r.text ?? c.output ?? '' }))
      : [],
  );
}

/** What the run's sub-agents read: their answers come back as the delegate call's output, with no origin of their own. */
async function subAgentReads(journal: RunJournal, runId: string, depth = 0): Promise<ReadText[]> {
  if (depth >= MAX_DEPTH) return [];
  const out: ReadText[] = [];
  for (const child of await journal.listChildren(runId)) {
    const snap = await journal.read(child.id);
    if (snap) out.push(...readTextsOf(snap.toolCalls), ...(await subAgentReads(journal, child.id, depth + 1)));
  }
  return out;
}

/** The top run of a sub-agent's tree (the run itself when it has no parent). */
async function rootRunOf(journal: RunJournal, runId: string, parentRunId: string | undefined): Promise<string> {
  let root = runId;
  let parent = parentRunId;
  for (let depth = 0; parent && depth < MAX_DEPTH; depth++) {
    root = parent;
    parent = (await journal.read(parent))?.run.parent?.runId;
  }
  return root;
}

/** Fields of `input` that `tool` would write on `site` with a value read on another origin by the run's tree (its top run and every sub-agent). */
export async function runDataFlows(
  tool: Tool, input: unknown, site: string | undefined,
  run: { runId: string; parentRunId?: string; calls: readonly ToolCallRecord[]; journal: RunJournal },
): Promise<DataFlowFlag[]> {
  if (!tool.writtenValues) return [];
  // Field names come from the model's arguments: one short line on the card, like every card label.
  const values = tool.writtenValues(input).map((v) => ({ ...v, field: collapseLabel(v.field, 80) }));
  if (values.length === 0) return [];
  // With no site (a memory saved with no page open) the text leaves every origin it was read on.
  const root = await rootRunOf(run.journal, run.runId, run.parentRunId);
  const rootCalls = root === run.runId ? [] : ((await run.journal.read(root))?.toolCalls ?? []);
  const reads = [...readTextsOf(run.calls), ...readTextsOf(rootCalls), ...(await subAgentReads(run.journal, root))];
  return findDataFlows(values, site ?? '', reads);
}
