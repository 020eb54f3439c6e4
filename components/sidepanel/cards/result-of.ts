import { isToolFailure, resultText, toolResultOf } from '../../../lib/agent/to-model-text';
import type { ToolResult } from '../../../lib/core/tool-result';
import { stripInvisibleChars } from '../../../lib/page/strip-invisible-chars';
import type { ToolPart } from './card-props';

/** `value` with every string's invisible characters (zero-width, bidi controls, tag characters) removed. */
function visible(value: unknown): unknown {
  if (typeof value === 'string') return stripInvisibleChars(value);
  if (Array.isArray(value)) return value.map(visible);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visible(v)]));
  return value;
}

// Read once per result: a card re-renders on every streamed word of the answer.
const shown = new WeakMap<object, ToolResult | undefined>();

/**
 * A card's result as data: the typed one, or (older messages, imported files) the string it was kept as,
 * read back. Outside text in it (page text, memories, a server's error) is shown as the model read it, with
 * the characters a person cannot see removed, so a page cannot reorder or hide what the card says.
 */
export function resultOf(part: ToolPart): ToolResult | undefined {
  const key = part.result ?? part;
  if (shown.has(key)) return shown.get(key);
  const result = toolResultOf(part, part.status === 'error' || part.status === 'denied');
  let out = result;
  if (result && isToolFailure(result)) {
    if (result.untrustedDetail !== undefined)
      out = { ...result, untrustedDetail: stripInvisibleChars(String(result.untrustedDetail)) };
  } else if (result?.untrusted) {
    out = { ...result, value: visible(result.value) };
  }
  shown.set(key, out);
  return out;
}

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
