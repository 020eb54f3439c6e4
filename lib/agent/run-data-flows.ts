/**
 * What the egress gate compares a call's outgoing values with: everything the conversation has read, from
 * every tool of every run in it (sub-agents included) and from the data blocks of its turns (the page the
 * user had open and its selection, retrieved passages, mentioned tabs).
 */
import { collapseLabel } from '../tools/collapse-label';
import { originOf } from '../tools/origin-of';
import type { ReadSource, Tool } from '../tools/define-tool';
import { findDataFlows, type ReadText } from './find-data-flows';
import type { DataFlowFlag } from '../core/run-part';
import type { RunJournal, ToolCallRecord } from './run-journal';
import { resolveDataBoundary, type RunSettings } from './run-settings';
import { toModelText } from './to-model-text';

/** Deeper than delegation may go (3), so a malformed journal cannot loop. */
const MAX_DEPTH = 4;

/**
 * The text each finished call read, by origin. A source without text stands for the call's whole result as
 * the model read it (invisible characters removed), so what the model copies from it is found there.
 */
export function readTextsOf(calls: readonly ToolCallRecord[], boundary: string): ReadText[] {
  return calls.flatMap((c) =>
    c.status === 'done' && c.reads
      ? c.reads.map((r: ReadSource) => ({
          origin: r.origin,
          text: r.text ?? (c.result ? toModelText(c.result, boundary, c.toolName) : ''),
        }))
      : [],
  );
}

/** The page text a run's turn carried to the model before any tool ran. */
export function turnReadsOf(settings: RunSettings): ReadText[] {
  const out: ReadText[] = [];
  const page = settings.pageContext;
  if (page)
    out.push({ origin: originOf(page.url), text: [page.url, page.title ?? '', page.selectedText ?? ''].join('\n') });
  for (const p of settings.grounding?.passages ?? [])
    out.push({ origin: p.readFrom ?? originOf(p.url), text: `${p.title}\n${p.text}` });
  for (const tab of settings.mentionedTabs ?? [])
    out.push({ origin: originOf(tab.url), text: `${tab.title}\n${tab.url}` });
  return out;
}

/** The running run as the caller holds it (its calls may be ahead of the journal). */
export interface CurrentRun {
  runId: string;
  conversationId: string;
  calls: readonly ToolCallRecord[];
  settings: RunSettings;
}

/** Everything the conversation of `current` read: its runs, their sub-agents, and their turns' data blocks. */
export async function conversationReads(
  journal: Pick<RunJournal, 'listRuns' | 'read' | 'listChildren'>,
  conversationId: string,
  current?: CurrentRun,
): Promise<ReadText[]> {
  const seen = new Set<string>();
  const out: ReadText[] = [];
  const visit = async (runId: string, depth: number): Promise<void> => {
    if (seen.has(runId) || depth > MAX_DEPTH) return;
    seen.add(runId);
    if (current && runId === current.runId) {
      out.push(
        ...readTextsOf(current.calls, resolveDataBoundary({ id: current.runId, settings: current.settings })),
        ...turnReadsOf(current.settings),
      );
    } else {
      const snap = await journal.read(runId);
      if (snap)
        out.push(...readTextsOf(snap.toolCalls, resolveDataBoundary(snap.run)), ...turnReadsOf(snap.run.settings));
    }
    for (const child of await journal.listChildren(runId)) await visit(child.id, depth + 1);
  };
  const runs = await journal.listRuns(conversationId);
  if (current) await visit(current.runId, 0);
  for (const r of runs) await visit(r.id, 0);
  return out;
}

/** Fields of `input` that `tool` would send to `site` with a value the conversation read on another origin. */
export async function runDataFlows(
  tool: Tool,
  input: unknown,
  site: string | undefined,
  run: CurrentRun & { journal: RunJournal },
): Promise<DataFlowFlag[]> {
  if (!tool.writtenValues) return [];
  // Field names come from the model's arguments: one short line on the card, like every card label.
  const values = tool.writtenValues(input).map((v) => ({ ...v, field: collapseLabel(v.field, 80) }));
  if (values.length === 0) return [];
  // With no site (a memory saved with no page open) the text leaves every origin it was read on.
  return findDataFlows(values, site ?? '', await conversationReads(run.journal, run.conversationId, run));
}
