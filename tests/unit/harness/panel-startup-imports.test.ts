/**
 * What the side panel loads before its first paint: every module reached from entrypoints/sidepanel/main.tsx by
 * static value imports (`import type` and `import()` load nothing at start). The heavy libraries stay out of it:
 * zod (a schema module imported by the panel once brought 25 KB gz into its start), marked and DOMPurify (the
 * answer renderer loads after the first paint), the providers' SDKs, pdf.js, Orama and transformers.js.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, startupGraph } from './static-import-graph';

const FORBIDDEN = [
  'zod',
  'marked',
  'dompurify',
  'openai',
  '@anthropic-ai/sdk',
  'pdfjs-dist',
  '@orama/orama',
  '@huggingface/transformers',
];

describe("the side panel's startup imports", () => {
  const { modules, packages } = startupGraph(join(root, 'entrypoints/sidepanel/main.tsx'));

  it('reach the panel itself (the walk follows imports)', () => {
    expect(modules.size).toBeGreaterThan(50);
    expect([...modules].some((f) => f.endsWith('components/sidepanel/Composer.tsx'))).toBe(true);
    expect(packages.has('preact')).toBe(true);
  });

  it('carry none of the heavy libraries', () => {
    const found = FORBIDDEN.filter((p) => packages.has(p)).map((p) => `${p} (imported by ${packages.get(p)})`);
    expect(found).toEqual([]);
  });
});
