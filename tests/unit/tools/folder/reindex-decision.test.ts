import { describe, expect, it } from 'vitest';
import { contentChanged, readDecision, removedPaths } from '../../../../lib/tools/folder/reindex-decision';

const indexed = { path: 'notes/plan.md', size: 120, modified: 1_700_000_000_000, hash: 'aa11' };

describe('the re-index decision of a folder file', () => {
  it('reads a file the index never took, or one it no longer holds', () => {
    expect(readDecision(undefined, { size: 120, modified: 1 }, false)).toBe('read');
    expect(readDecision(indexed, { size: 120, modified: indexed.modified }, false)).toBe('read');
  });
  it('does not read a file whose size and modified time are what the index took', () => {
    expect(readDecision(indexed, { size: 120, modified: indexed.modified }, true)).toBe('skip');
  });
  it('reads a file whose modified time or size changed', () => {
    expect(readDecision(indexed, { size: 120, modified: indexed.modified + 1 }, true)).toBe('read');
    expect(readDecision(indexed, { size: 121, modified: indexed.modified }, true)).toBe('read');
  });
  it('embeds again only when the bytes changed (a touched file keeps its chunks)', () => {
    expect(contentChanged(indexed, 'aa11', true)).toBe(false);
    expect(contentChanged(indexed, 'bb22', true)).toBe(true);
    expect(contentChanged(indexed, 'aa11', false)).toBe(true);
    expect(contentChanged(undefined, 'aa11', false)).toBe(true);
  });
  it('names the files the folder no longer has', () => {
    const other = { ...indexed, path: 'report.pdf' };
    expect(removedPaths([indexed, other], new Set(['report.pdf']))).toEqual(['notes/plan.md']);
    expect(removedPaths([indexed, other], new Set(['report.pdf', 'notes/plan.md']))).toEqual([]);
  });
});

describe('the folder index limits', () => {
  it('skip files over the document reader’s own byte limit', async () => {
    const { FOLDER_INDEX_MAX_FILE_BYTES } = await import('../../../../lib/tools/folder/folder-index-limits');
    const { DOCUMENT_MAX_BYTES } = await import('../../../../lib/tools/web/read-document-response');
    expect(FOLDER_INDEX_MAX_FILE_BYTES).toBe(DOCUMENT_MAX_BYTES);
  });
});
