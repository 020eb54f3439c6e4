import { describe, expect, it } from 'vitest';
import { composeSystemPrompt, groundingRule } from '../../../lib/agent/compose-system-prompt';
import { composeTurnData } from '../../../lib/agent/compose-turn-data';

const passage = {
  title: 'A <b>',
  url: 'https://a.test/p',
  fragmentUrl: 'https://a.test/p#:~:text=x',
  visitedAt: Date.UTC(2025, 0, 2),
  text: ' Cats sleep a lot. ',
};
const B = 'b0a1b2c3d4e5f60718293a4b5c6d7e8f';

describe('grounding: the rule in the system prompt, the passages in the user turn', () => {
  it('is absent when grounding is off', () => {
    expect(groundingRule(undefined)).toBeUndefined();
    expect(composeTurnData({}, B)).toBeUndefined();
  });

  it('lists passages with their fragment URL, escaped, inside the marked block; the prefer rule stays in the system prompt', () => {
    const rule = groundingRule({ mode: 'prefer', passages: [passage] })!;
    expect(rule).toContain("## Retrieved from the user's reading history");
    expect(rule).toContain('Prefer these passages');
    expect(rule).not.toContain('Cats');
    const data = composeTurnData({ grounding: { mode: 'prefer', passages: [passage] } }, B)!;
    expect(data).toContain(`<untrusted_page_content boundary="${B}" source="reading_history">`);
    expect(data).toContain(
      '<passage title="A &lt;b&gt;" url="https://a.test/p#:~:text=x" visited="2025-01-02T00:00:00.000Z">\nCats sleep a lot.\n</passage>',
    );
    expect(data.trimEnd().endsWith(`</untrusted_page_content boundary="${B}">`)).toBe(true);
  });

  it('says "only" and reports an empty retrieval', () => {
    expect(groundingRule({ mode: 'only', passages: [] })!).toContain('Answer ONLY from these passages');
    expect(composeTurnData({ grounding: { mode: 'only', passages: [] } }, B)).toContain('none matched');
  });

  it('keeps the page context and passages out of the composed system prompt (page first, then passages, in the turn)', async () => {
    const grounding = { mode: 'prefer' as const, passages: [passage] };
    const text = await composeSystemPrompt({
      base: 'BASE',
      grounding,
      skills: async () => [],
      now: Date.UTC(2025, 0, 2),
      timeZone: 'UTC',
    });
    expect(text).not.toContain('Cats sleep');
    expect(text).not.toContain('https://x.test/');
    expect(text.indexOf('## Retrieved')).toBeLessThan(text.indexOf('Current date'));
    const data = composeTurnData({ pageContext: { url: 'https://x.test/' }, grounding }, B)!;
    const page = data.indexOf('URL: https://x.test/');
    const passages = data.indexOf('Cats sleep');
    expect(page).toBeGreaterThan(-1);
    expect(passages).toBeGreaterThan(page);
  });
});
