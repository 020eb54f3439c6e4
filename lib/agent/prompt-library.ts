/**
 * Prompt files keyed by their path from the project root ('/prompts/system.md'), which is the shape Vite's
 * `import.meta.glob('/prompts/**\/*.md', { query: '?raw', import: 'default', eager: true })` returns.
 * Node tests build the same map with fs (lib/agent/testing/load-prompts-from-dir.ts).
 */
export type PromptLibrary = Record<string, string>;

/** The description of a built-in tool, from prompts/tool-<name>.md. */
export const describeToolFrom =
  (prompts: PromptLibrary) =>
  (name: string): string | undefined =>
    prompts[`/prompts/tool-${name}.md`];

/** The base system prompt; its absence is a packaging bug worth failing on. */
export function systemPromptFrom(prompts: PromptLibrary): string {
  const text = prompts['/prompts/system.md'];
  if (text === undefined) throw new Error('Missing /prompts/system.md in the prompt library');
  return text.trim();
}

/** The frame of the organisation's instructions (prompts/organization.md). */
export function organizationFrameFrom(prompts: PromptLibrary): string {
  const text = prompts['/prompts/organization.md'];
  if (text === undefined) throw new Error('Missing /prompts/organization.md in the prompt library');
  return text.trim();
}
