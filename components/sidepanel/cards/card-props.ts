import type { RunPart } from '../../../lib/core/run-part';
import type { SentDecision } from '../sent-decisions';

export type ToolPart = Extract<RunPart, { kind: 'tool' }>;

/** What every card gets: its call, and the other parts of the same answer (a fill looks up the form it read). */
export interface CardProps {
  part: ToolPart;
  siblings: RunPart[];
}

/** What the user can do from a tool card. */
export interface ToolCardActions {
  /** `typed`: what the user typed on the card (a password, a note), sent with the decision and kept nowhere. */
  decide(
    toolCallId: string,
    decision: 'approved' | 'denied' | 'always',
    typed?: { secret?: string; note?: string },
  ): void;
  /** The decision sent on card `id` (a call, a pause or a password prompt) and what became of it, if one was. */
  sent?(id: string): SentDecision | undefined;
  /** Stops the run (the ask_user card's Stop). */
  stop?(): void;
  undoFill?(toolCallId: string): void;
}
