/**
 * What the side panel loads before its first paint: every module reached from entrypoints/sidepanel/main.tsx by
 * static value imports (`import type` and `import()` load nothing at start). The heavy libraries stay out of it:
 * zod (a schema module imported by the panel once brought 25 KB gz into its start), marked and DOMPurify (the
 * answer renderer loads after the first paint), the providers' SDKs, pdf.js, Orama and transformers.js.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
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

/** Static value imports of a module's source: their specifiers (type-only imports and `import()` left out). */
function staticImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/gm)) {
    const [, keyword, typeOnly, clause, spec] = m;
    if (typeOnly) continue;
    // `export { x }` without `from` re-exports nothing; `import { type A, type B }` loads nothing.
    if (keyword === 'export' && !/\bfrom\b/.test(m[0])) continue;
    const text = (clause ?? '').trim();
    const braces = /\{([^}]*)\}/.exec(text);
    const outside = text
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    if (braces && !outside) {
      const names = braces[1]!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    out.push(spec!);
  }
  return out;
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f) && /\.tsx?$/.test(f));
}

/** Every local module and every package the panel's startup graph reaches. */
function startupGraph(entry: string) {
  const modules = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec);
        if (target) queue.push(target);
      } else {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!packages.has(pkg)) packages.set(pkg, relative(root, file));
      }
    }
  }
  return { modules, packages };
}

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
