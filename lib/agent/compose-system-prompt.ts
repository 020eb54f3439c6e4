/**
 * The system prompt is rebuilt for every request from small builders run in parallel, then joined with
 * blank lines in a fixed order, so the same inputs always give the same prompt (and the provider's prompt
 * cache keeps hitting while only the date line changes at the end).
 */
import type { Skill } from '../tools/parse-skill';
import type { Grounding, PageContext } from './run-settings';
import { formatDateTime } from './format-date-time';

export interface PromptInputs {
  base: string;
  tools: ReadonlyArray<{ name: string; description: string }>;
  customInstructions?: string;
  pageContext?: PageContext;
  grounding?: Grounding;
  skills: () => Promise<Skill[]>;
  now: number;
  timeZone: string;
}

type Builder = (inputs: PromptInputs) => Promise<string | undefined> | string | undefined;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Retrieved passages from the user's reading history, with the rule for how strictly to use them. */
export function groundingSection(g: Grounding | undefined): string | undefined {
  if (!g) return undefined;
  const rule =
    g.mode === 'only'
      ? 'Answer ONLY from these passages. If they do not contain the answer, say that you found nothing about it in the pages the user has read; do not use general knowledge.'
      : 'Prefer these passages over general knowledge when they are relevant.';
  const header = `## Retrieved from the user's reading history\n${rule} Cite each claim taken from a passage with a Markdown link to its url, titled with the page title.`;
  if (g.passages.length === 0) return `${header}\n(No passage matched this message.)`;
  const items = g.passages.map(
    (p) => `<passage title="${escapeXml(p.title)}" url="${escapeXml(p.fragmentUrl)}" visited="${new Date(p.visitedAt).toISOString()}">\n${escapeXml(p.text.trim())}\n</passage>`,
  );
  return `${header}\n${items.join('\n')}`;
}

export const promptBuilders: readonly Builder[] = [
  (i) => i.base,
  (i) => i.tools.map((t) => `## Tool: ${t.name}\n${t.description.trim()}`).join('\n\n') || undefined,
  (i) => (i.customInstructions?.trim() ? `## The user's instructions\n${i.customInstructions.trim()}` : undefined),
  (i) => {
    const p = i.pageContext;
    if (!p) return undefined;
    const lines = [`## The active page`, `URL: ${p.url}`];
    if (p.title) lines.push(`Title: ${p.title}`);
    if (p.selectedText?.trim()) lines.push(`Selected text:\n<selection>\n${p.selectedText.trim()}\n</selection>`);
    return lines.join('\n');
  },
  (i) => groundingSection(i.grounding),
  async (i) => {
    const skills = await i.skills();
    if (skills.length === 0) return undefined;
    const items = skills.map((s) =>
      `<skill>\n<name>${escapeXml(s.name)}</name>\n<description>${escapeXml(s.description)}</description>\n</skill>`);
    return `<available_skills>\n${items.join('\n')}\n</available_skills>`;
  },
  (i) => `Current date and time: ${formatDateTime(i.now, i.timeZone)}`,
];

/** Runs every builder concurrently and joins the non-empty sections in builder order. */
export async function composeSystemPrompt(inputs: PromptInputs, builders: readonly Builder[] = promptBuilders): Promise<string> {
  const sections = await Promise.all(builders.map(async (b) => b(inputs)));
  return sections.filter((s): s is string => !!s && s.trim() !== '').join('\n\n');
}
