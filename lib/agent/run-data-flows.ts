/** The data-flow flags of a pending call, computed from what the run's journaled tool calls read. */
import type { ReadSource, Tool } from '../tools/define-tool';
import { findDataFlows, type ReadText } from './find-data-flows';
import type { DataFlowFlag } from './agent-event';
import type { ToolCallRecord } from './run-journal';

/** The text each finished call read, by origin (a source without text stands for the call's whole output). */
export function readTextsOf(calls: readonly ToolCallRecord[]): ReadText[] {
  return calls.flatMap((c) =>
    c.status === 'done' && !c.isError && c.reads
      ? c.reads.map((r: ReadSource) => ({ origin: r.origin, text: r.text ?? c.output ?? '' }))
      : [],
  );
}

/** Fields of `input` that `tool` would write on `site` with a value read on another origin. */
export function runDataFlows(tool: Tool, input: unknown, site: string | undefined, calls: readonly ToolCallRecord[]): DataFlowFlag[] {
  if (!tool.writtenValues || site === undefined) return [];
  return findDataFlows(tool.writtenValues(input), site, readTextsOf(calls));
}
