/**
 * An answer's cited passages, for "Share to team": what its search_history calls found in the user's history (each
 * with the page it came from), the ones whose page the answer links to when it links to any, else all it was given.
 * Read from the stored answer's parts, never from what the panel says it showed.
 */
import { z } from 'zod';
import type { RunPart } from '../../core/run-part';

/** A passage found for the answer: its page and its text. */
export interface CitedPassage {
  title: string;
  url: string;
  text: string;
}

const passageSchema = z.object({
  title: z.string().max(2000),
  url: z.string().max(8000),
  fragmentUrl: z.string().max(8000).optional(),
  text: z.string().max(2_000_000),
});
const outputSchema = z.object({ passages: z.array(z.unknown()).max(1000) });

/** Every passage the answer's finished search_history calls returned (sub-agents' calls included), in order. */
function foundPassages(parts: readonly RunPart[]): Array<CitedPassage & { fragmentUrl?: string }> {
  return parts.flatMap((part) => {
    if (part.kind !== 'tool') return [];
    const nested = part.nested ? foundPassages(part.nested) : [];
    if (part.toolName !== 'search_history' || part.status !== 'done' || !part.result || !('value' in part.result))
      return nested;
    const output = outputSchema.safeParse(part.result.value);
    if (!output.success) return nested;
    const own = output.data.passages.flatMap((p) => {
      const parsed = passageSchema.safeParse(p);
      return parsed.success && parsed.data.text.trim() ? [parsed.data] : [];
    });
    return [...own, ...nested];
  });
}

/** The passages `answer` cites: those whose page it links to, or, when it links to none of them, all it was given. */
export function citedPassages(answer: { text: string; parts?: readonly RunPart[] }): CitedPassage[] {
  const found = foundPassages(answer.parts ?? []);
  const seen = new Set<string>();
  const unique = found.filter((p) => !seen.has(p.text) && !!seen.add(p.text));
  const linked = unique.filter(
    (p) => answer.text.includes(p.url) || (p.fragmentUrl !== undefined && answer.text.includes(p.fragmentUrl)),
  );
  return (linked.length ? linked : unique).map(({ title, url, text }) => ({ title, url, text }));
}
