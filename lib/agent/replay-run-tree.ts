/** Replays a run with its sub-agent runs nested under the tool calls that started them, as they arrived live. */
import type { AgentEvent } from './agent-event';
import type { ReplayExtras } from './replay-run';
import { replayRunEvents } from './replay-run';
import type { RunSnapshot, RunState } from './run-journal';

export interface ReplaySources {
  /** A run's snapshot: the live one while it runs, else the journal's. */
  read(runId: string): Promise<RunSnapshot | undefined>;
  streamingCalls(runId: string): NonNullable<ReplayExtras['streamingCalls']>;
  listChildren(runId: string): Promise<RunState[]>;
}

/** The events a UI folds to show `runId` as it stands now (empty when the journal has no such run). */
export async function replayRunTree(runId: string, sources: ReplaySources): Promise<AgentEvent[]> {
  const snap = await sources.read(runId);
  return snap ? replayWithChildren(snap, sources) : [];
}

async function replayWithChildren(snap: RunSnapshot, sources: ReplaySources): Promise<AgentEvent[]> {
  const runId = snap.run.id;
  const nested = new Map<string, AgentEvent[]>();
  const children = snap.toolCalls.length > 0 ? await sources.listChildren(runId) : [];
  for (const child of children.sort((a, b) => a.createdAt - b.createdAt)) {
    const childSnap = await sources.read(child.id);
    if (!childSnap) continue;
    const toolCallId = child.parent!.toolCallId;
    // The same wrapping the runtime's delegate applies to a sub-agent's live events.
    const events = (await replayWithChildren(childSnap, sources)).map((e): AgentEvent => ({
      type: 'nested',
      runId,
      parentToolCallId: toolCallId,
      event: e.type === 'tool-call-start' ? { ...e, parentToolCallId: e.parentToolCallId ?? toolCallId } : e,
    }));
    nested.set(toolCallId, [...(nested.get(toolCallId) ?? []), ...events]);
  }
  return replayRunEvents(snap, { nested: (id) => nested.get(id) ?? [], streamingCalls: sources.streamingCalls(runId) });
}
