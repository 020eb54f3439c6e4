/**
 * The static import graph of an entry module: every module reached by static value imports (`import type` and
 * `import()` load nothing), and the packages they import. The guard tests of what a context loads walk it
 * (panel-startup-imports.test.ts, page-scripts-imports.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const root = resolve(__dirname, '../../..');

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
export function startupGraph(entry: string) {
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
