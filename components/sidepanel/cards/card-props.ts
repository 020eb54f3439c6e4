import type { RunPart } from '../../../lib/agent/run-view';

export type ToolPart = Extract<RunPart, { kind: 'tool' }>;

/** What every card gets: its call, and the other parts of the same answer (a fill looks up the form it read). */
export interface CardProps {
  part: ToolPart;
  siblings: RunPart[];
}
