/**
 * The readable part of a tool call's card (its body from the registry) and what an Undo of a fill did: the
 * code of every card, loaded after the panel's first paint (lazy-parts.ts) so the panel starts without it.
 */
import type { RunPart, UndoOutcome } from '../../../lib/core/run-part';
import type { ToolPart } from './card-props';
import { cardFor } from './card-registry';
import { fillLabels } from './describe-fill';
import { UndoResult } from './UndoResult';

/** The card's body for `part`'s tool (the generic one for tools without their own). */
export function CardBody({ part, siblings }: { part: ToolPart; siblings: RunPart[] }) {
  const kind = cardFor(part.toolName);
  return <kind.Body part={part} siblings={siblings} />;
}

/** What the Undo of `part` (a fill) did, naming fields by the labels the page gave them. */
export function CardUndo({ part, undo, siblings }: { part: ToolPart; undo: UndoOutcome; siblings: RunPart[] }) {
  return <UndoResult undo={undo} labels={fillLabels(part, siblings)} />;
}
