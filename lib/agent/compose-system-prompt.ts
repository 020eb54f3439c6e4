/**
 * The system prompt is rebuilt for every request from small builders run in parallel, then joined with
 * blank lines in a fixed order, so the same inputs always give the same prompt (and the provider's prompt
 * cache keeps hitting while only the date line changes at the end). No page text ever goes here: the page's
 * context and retrieved passages are data, sent in the user's turn (compose-turn-data.ts).
 */
import type { Skill } from '../tools/parse-skill';
import type { Grounding } from './run-settings';
import { formatDateTime } from './format-date-time';

export interface PromptInputs {
  base: string;
  /** The organisation's instructions (Chrome policy) and their frame from prompts/organization.md. */
  organization?: { frame: string; instructions: string };
  customInstructions?: string;
  grounding?: Grounding;
  skills: () => Promise<Skill[]>;
  now: number;
  timeZone: string;
}

type Builder = (inputs: PromptInputs) => Promise<string | undefined> | string | undefined;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * How strictly to use the retrieved passages (grounding on). Only the rule lives here: the passages are page
 * text, so they travel in the user turn's data block (compose-turn-data.ts), never in the system prompt.
 */
export function groundingRule(g: Grounding | undefined): string | undefined {
  if (!g) return undefined;
  const rule =
    g.mode === 'only'
      ? 'Answer ONLY from these passages. If they do not contain the answer, say that you found nothing about it in the pages the user has read; do not use general knowledge.'
      : 'Prefer these passages over general knowledge when they are relevant.';
  return `## Retrieved from the user's reading history\nThe user's message comes with passages retrieved from pages the user has read, inside its data block. ${rule} Cite each claim taken from a passage with a Markdown link to its url, titled with the page title.`;
}

/**
 * The organisation's block: its frame, then the instructions inside a tag of their own, so neither the model nor
 * a person reading "What the model saw" can take them for the user's. The policy text is trusted (an admin wrote it)
 * but it is escaped, so it cannot close the tag and speak as the frame.
 */
export function organizationBlock(o: PromptInputs['organization']): string | undefined {
  const text = o?.instructions.trim();
  if (!o || !text) return undefined;
  return `${o.frame.trim()}\n<organization_instructions>\n${escapeXml(text)}\n</organization_instructions>`;
}

export const promptBuilders: readonly Builder[] = [
  (i) => i.base,
  (i) => organizationBlock(i.organization),
  // Each tool's guidance (prompts/tool-<name>.md) travels once, as its description in the request's tool list;
  // repeated here it cost about 5,000 input tokens on every request.
  (i) => (i.customInstructions?.trim() ? `## The user's instructions\n${i.customInstructions.trim()}` : undefined),
  (i) => groundingRule(i.grounding),
  async (i) => {
    const skills = await i.skills();
    if (skills.length === 0) return undefined;
    const items = skills.map(
      (s) =>
        `<skill>\n<name>${escapeXml(s.name)}</name>\n<description>${escapeXml(s.description)}</description>\n</skill>`,
    );
    return `<available_skills>\n${items.join('\n')}\n</available_skills>`;
  },
  (i) => `Current date and time: ${formatDateTime(i.now, i.timeZone)}`,
];

/** Runs every builder concurrently and joins the non-empty sections in builder order. */
export async function composeSystemPrompt(
  inputs: PromptInputs,
  builders: readonly Builder[] = promptBuilders,
): Promise<string> {
  const sections = await Promise.all(builders.map(async (b) => b(inputs)));
  return sections.filter((s): s is string => !!s && s.trim() !== '').join('\n\n');
}
