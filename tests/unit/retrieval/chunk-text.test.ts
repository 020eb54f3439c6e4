import { describe, expect, it } from 'vitest';
import { chunkText, estimateTokens } from '../../../lib/retrieval/chunk-text';

const sentence = (i: number) => `Sentence number ${i} talks about retrieval and chunking in some detail.`;

describe('chunkText', () => {
  it('keeps heading paths and never crosses a heading', () => {
    const md = '# Guide\nIntro text.\n\n## Install\nRun the installer.\n\n### Linux\nUse apt.\n\n## Usage\nOpen the panel.';
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
    const chunks = chunkText(Array.from({ length: 10 }, (_, i) => sentence(i)).join(' '), { maxTokens: 30, overlapTokens: 0, countTokens: words });
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
    expect(chunks[0]!.text).toContain('# not a heading');
  });
  it('returns nothing for empty input; defaults to 256/32', () => {
    expect(chunkText('  \n\n ')).toEqual([]);
    const chunks = chunkText(Array.from({ length: 200 }, (_, i) => sentence(i)).join(' '));
    expect(Math.max(...chunks.map((c) => c.tokenCount))).toBeLessThanOrEqual(256);
    expect(estimateTokens('hello, world')).toBe(3);
  });
});
