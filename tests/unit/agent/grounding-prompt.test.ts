import { describe, expect, it } from 'vitest';
import { composeSystemPrompt, groundingSection } from '../../../lib/agent/compose-system-prompt';

const passage = { title: 'A <b>', url: 'https://a.test/p', fragmentUrl: 'https://a.test/p#:~:text=x', visitedAt: Date.UTC(2025, 0, 2), text: ' Cats sleep a lot. ' };

describe('grounding section of the system prompt', () => {
  it('is absent when grounding is off', () => {
    expect(groundingSection(undefined)).toBeUndefined();
  });

  it('lists passages with their fragment URL, escaped, and the prefer rule', () => {
    const s = groundingSection({ mode: 'prefer', passages: [passage] })!;
    expect(s).toContain("## Retrieved from the user's reading history");
    expect(s).toContain('Prefer these passages');
    expect(s).toContain('<passage title="A &lt;b&gt;" url="https://a.test/p#:~:text=x" visited="2025-01-02T00:00:00.000Z">\nCats sleep a lot.\n</passage>');
  });

  it('says "only" and reports an empty retrieval', () => {
    const s = groundingSection({ mode: 'only', passages: [] })!;
    expect(s).toContain('Answer ONLY from these passages');
    expect(s).toContain('No passage matched');
  });

  it('sits after the page context and before the date in the composed prompt', async () => {
    const text = await composeSystemPrompt({
      base: 'BASE',
      tools: [],
      pageContext: { url: 'https://x.test/' },
      grounding: { mode: 'prefer', passages: [passage] },
      skills: async () => [],
      now: Date.UTC(2025, 0, 2),
      timeZone: 'UTC',
    });
    const page = text.indexOf('## The active page');
    const grounding = text.indexOf('## Retrieved');
    const date = text.indexOf('Current date');
    expect(page).toBeGreaterThan(-1);
    expect(grounding).toBeGreaterThan(page);
    expect(date).toBeGreaterThan(grounding);
  });
});
