import { describe, expect, it } from 'vitest';
import { chunkText, embeddingText, estimateTokens } from '../../../../lib/retrieval/engine/chunk-text';

const sentence = (i: number) => `Sentence number ${i} talks about retrieval and chunking in some detail.`;

describe('chunkText', () => {
  it('keeps heading paths and never crosses a heading', () => {
    const md =
      '# Guide\nIntro text.\n\n## Install\nRun the installer.\n\n### Linux\nUse apt.\n\n## Usage\nOpen the panel.';
    const chunks = chunkText(md);
    expect(chunks.map((c) => [c.headingPath, c.text])).toEqual([
      [['Guide'], 'Intro text.'],
      [['Guide', 'Install'], 'Run the installer.'],
      [['Guide', 'Install', 'Linux'], 'Use apt.'],
      [['Guide', 'Usage'], 'Open the panel.'],
    ]);
  });
  it('respects the token budget, ends on sentence boundaries and overlaps by whole sentences', () => {
    const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkText(text, { maxTokens: 64, overlapTokens: 20 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(64);
      expect(c.text).toMatch(/^Sentence number \d+ .*detail\.$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const lastOfPrev = chunks[i - 1]!.text.split(/(?<=\.) /).pop()!;
      expect(chunks[i]!.text.startsWith(lastOfPrev)).toBe(true);
    }
    // every sentence appears somewhere
    for (let i = 0; i < 60; i++) expect(chunks.some((c) => c.text.includes(sentence(i)))).toBe(true);
  });
  it('uses an injected token counter', () => {
    const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
    const chunks = chunkText(Array.from({ length: 10 }, (_, i) => sentence(i)).join(' '), {
      maxTokens: 30,
      overlapTokens: 0,
      countTokens: words,
    });
    expect(chunks.every((c) => c.tokenCount <= 30)).toBe(true);
    expect(chunks).toHaveLength(5); // 11 words a sentence: two fit in 30
  });
  it('cuts a sentence longer than a chunk between words', () => {
    const long = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkText(long, { maxTokens: 100, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.text).join(' ')).toBe(long);
  });
  it('keeps fenced code together and ignores # inside it', () => {
    const md = '## Code\n```sh\n# not a heading\nnpm test\n```\nAfter.';
    const chunks = chunkText(md);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.headingPath).toEqual(['Code']);
    expect(chunks[0]!.text).toContain('# not a heading\nnpm test');
  });
  it('returns nothing for empty input; defaults to 256/32', () => {
    expect(chunkText('  \n\n ')).toEqual([]);
    const chunks = chunkText(Array.from({ length: 200 }, (_, i) => sentence(i)).join(' '));
    expect(Math.max(...chunks.map((c) => c.tokenCount))).toBeLessThanOrEqual(256);
    expect(estimateTokens('hello, world')).toBe(3);
  });
  const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
  it("counts the model's special tokens against the budget", () => {
    const text = Array.from({ length: 10 }, (_, i) => sentence(i)).join(' ');
    const two = chunkText(text, { maxTokens: 24, overlapTokens: 0, countTokens: words, specialTokens: 2 });
    expect(two.map((c) => c.tokenCount)).toEqual([24, 24, 24, 24, 24]);
    const one = chunkText(text, { maxTokens: 23, overlapTokens: 0, countTokens: words, specialTokens: 2 });
    expect(one).toHaveLength(10);
    expect(() => chunkText(text, { maxTokens: 9, specialTokens: 2 })).toThrow(RangeError);
  });
  it('splits Chinese and Japanese sentences at 。！？ without inserting spaces', () => {
    const chars = (t: string) => t.replace(/\s/g, '').length;
    const chunks = chunkText('東京は首都です。大阪は大きい！「京都は古い。」奈良も。', {
      maxTokens: 12,
      overlapTokens: 0,
      countTokens: chars,
    });
    expect(chunks.map((c) => c.text)).toEqual(['東京は首都です。', '大阪は大きい！', '「京都は古い。」奈良も。']);
  });
  it('cuts a single word longer than a chunk between characters, losslessly', () => {
    const blob = 'iVBORw0KGgo'.repeat(200);
    const chunks = chunkText(`Before. ${blob} After.`, { maxTokens: 100, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(100);
    expect(
      chunks
        .map((c) => c.text)
        .join('')
        .replace(/\s/g, ''),
    ).toBe(`Before.${blob}After.`);
  });
  it('leaves out outer headings when the path would take over a quarter of the budget; the heading line counts', () => {
    const long = Array.from({ length: 30 }, (_, i) => `part${i}`).join(' ');
    const chunks = chunkText(`# ${long}\n## Short\nBody text here.`, { maxTokens: 64, countTokens: words });
    expect(chunks).toEqual([{ text: 'Body text here.', headingPath: ['Short'], tokenCount: 4 }]);
    expect(embeddingText(chunks[0]!)).toBe('Short\nBody text here.');
  });
  it('halves a chunk the counter finds over the budget once joined (tokenizers that merge across joins)', () => {
    // Costs 5 more tokens per sentence boundary inside a text than the sentences counted alone.
    const merging = (t: string) => words(t) + 5 * (t.match(/\. (?=\S)/g)?.length ?? 0);
    const text = Array.from({ length: 12 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkText(text, { maxTokens: 40, overlapTokens: 0, countTokens: merging });
    // Packed by the sentences' own counts, three sentences (33) would go in each chunk; joined they are 43.
    expect(chunks.length).toBe(8);
    for (const c of chunks) expect(c.tokenCount).toBe(merging(c.text));
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(40);
    expect(chunks.map((c) => c.text).join(' ')).toBe(text);
  });
});
