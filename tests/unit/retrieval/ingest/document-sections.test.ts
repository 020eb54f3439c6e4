import { describe, expect, it } from 'vitest';
import { chunkText } from '../../../../lib/retrieval/engine/chunk-text';
import { pdfPageOf } from '../../../../lib/retrieval/engine/citation-url';
import { documentSections } from '../../../../lib/retrieval/ingest/document-sections';

describe('documentSections', () => {
  it('gives each PDF page a section of its own, so every chunk carries its page and none straddles two', () => {
    const reading = [
      '--- Page 1 ---',
      'The board met in March.',
      '',
      '--- Page 2 ---',
      '# Not a heading of ours',
      '```',
      'Revenue rose to 4.2 million euros.',
      '',
      '--- Page 3 ---',
      'Outlook stays cautious.',
    ].join('\n');
    const text = documentSections(reading);
    expect(text.split('\n').filter((l) => l.startsWith('# '))).toEqual(['# Page 1', '# Page 2', '# Page 3']);
    const chunks = chunkText(text, { maxTokens: 64, overlapTokens: 8 });
    expect(chunks.map((c) => pdfPageOf(c.headingPath))).toEqual([1, 2, 3]);
    // The PDF's own heading and fence lines stay text: they neither end page 2 nor hide page 3's marker.
    expect(chunks[1]!.text).toContain('\\# Not a heading of ours');
    expect(chunks[1]!.text).toContain('Revenue rose to 4.2 million euros.');
    expect(chunks[2]!.text).toBe('Outlook stays cautious.');
  });
});
