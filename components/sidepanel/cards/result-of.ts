import { isToolFailure, resultText, toolResultOf, type ToolResult } from '../../../lib/agent/to-model-text';
import type { ToolPart } from './card-props';

/** A card's result as data: the typed one, or (older messages, imported files) the string it was kept as, read once. */
export const resultOf = (part: ToolPart): ToolResult | undefined =>
  toolResultOf(part, part.status === 'error' || part.status === 'denied');

/** What the tool returned, when it succeeded (cards check its shape before showing any of it). */
export function outputOf(part: ToolPart): unknown {
  const result = resultOf(part);
  return result && !isToolFailure(result) ? result.value : undefined;
}

/** The result as a person reads it: the tool's text or the failure's message, as plain text. */
export function resultTextOf(part: ToolPart): string | undefined {
  const result = resultOf(part);
  return result && resultText(result);
}
