#!/usr/bin/env node
// `npm run check:layers` and the `layers` stage of `npm test`: imports point down lib/README.md's folder layout,
// never up. Every import of every source file in lib/, components/ and entrypoints/ (tests beside the code
// excepted) is read (`import`, `import type`, `export ... from`, `import()` in code and in types, `declare module`
// augmentations) with TypeScript's own pre-processor, mapped to its folder, and checked:
//   (a) no import from a folder ranked above the importer's;
//   (b) no folder-level import cycle (same-rank imports are allowed only while they make none).
// Exits 1 and prints `file: imports <path> (<from> → <to>)` for each violation.
import ts from 'typescript';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** lib/README.md "Folder layout", top (0) to bottom: a folder may import only from its own rank or below. */
export const folderRanks = {
  // The team server (Node only) sits above everything, so no extension code can import it; it may import the
  // pure shared code below it (the chunker, the embedder, the snippets).
  'team-server': -1,
  entrypoints: 0,
  components: 0,
  background: 1,
  agent: 2,
  tools: 3,
  providers: 4,
  page: 4,
  retrieval: 4,
  documents: 4,
  policy: 4,
  storage: 5,
  messaging: 5,
  core: 6,
  util: 7,
};

const sourceRoots = ['lib', 'components', 'entrypoints'];
const sourceFile = /\.(ts|tsx|mts)$/;
// A test beside its code may import fakes and helpers from anywhere: the layers are the product's.
const testFile = /\.test\.(ts|tsx|mts)$/;
// WXT's path aliases for the project root (.wxt/tsconfig.json).
const rootAliases = ['@@/', '~~/', '@/', '~/'];
const candidates = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/**
 * The layer a repository path belongs to: `lib/<folder>` (so lib/tools/page counts as tools and every
 * lib/retrieval/* as retrieval), `components` or `entrypoints`; undefined outside them (prompts/, tests/, packages).
 */
export function folderOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'components' || parts[0] === 'entrypoints') return parts[0];
  if (parts[0] === 'lib') return parts.length > 2 ? parts[1] : 'lib';
  return undefined;
}

function listSources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return listSources(path);
    return sourceFile.test(e.name) && !testFile.test(e.name) ? [path] : [];
  });
}

function resolveSpecifier(root, file, specifier) {
  const bare = specifier.replace(/[?#].*$/, '');
  const alias = rootAliases.find((a) => bare.startsWith(a));
  let base;
  if (alias) base = resolve(root, bare.slice(alias.length));
  else if (bare.startsWith('.')) base = resolve(dirname(resolve(root, file)), bare);
  else return undefined; // a package
  const hit = candidates.map((c) => base + c).find((p) => existsSync(p) && statSync(p).isFile());
  return relative(root, hit ?? base)
    .split('\\')
    .join('/');
}

/** Strongly connected components of a folder graph with more than one folder: each is a folder-level cycle. */
function folderCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const scc = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1) cycles.push(scc.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/**
 * Reads every import under `root` and checks it against the folder ranks.
 * Returns the files read, the imports between folders, the folder-level cycles (strongly connected components
 * of more than one folder), the file-level cycles (the same over files) and the violations: `upward` (an import from a folder ranked above), `cycle` (a
 * same-rank import inside a folder cycle) and `unlisted` (a lib/ folder lib/README.md does not name).
 */
export function analyzeLayers(root = process.cwd()) {
  const files = sourceRoots
    .flatMap((r) => listSources(join(root, r)))
    .map((f) => relative(root, f).split('\\').join('/'))
    .sort();
  const edges = [];
  const fileGraph = new Map();
  for (const file of files) {
    const from = folderOf(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    // A module imported twice (a type and a value, say) is one edge.
    const targets = new Set(importedFiles.map(({ fileName }) => resolveSpecifier(root, file, fileName)));
    fileGraph.set(file, new Set([...targets].filter((t) => t && files.includes(t))));
    for (const target of targets) {
      const to = target && folderOf(target);
      if (to && to !== from) edges.push({ file, target, from, to });
    }
  }
  const graph = new Map();
  for (const e of edges) {
    if (!graph.has(e.from)) graph.set(e.from, new Set());
    graph.get(e.from).add(e.to);
  }
  const cycles = folderCycles(graph);
  const cycleOf = (folder) => cycles.findIndex((c) => c.includes(folder));
  const violations = [];
  for (const e of edges) {
    const rankFrom = folderRanks[e.from];
    const rankTo = folderRanks[e.to];
    if (rankFrom === undefined || rankTo === undefined) violations.push({ ...e, kind: 'unlisted' });
    else if (rankTo < rankFrom) violations.push({ ...e, kind: 'upward' });
    else if (rankTo === rankFrom && cycleOf(e.from) !== -1 && cycleOf(e.from) === cycleOf(e.to))
      violations.push({ ...e, kind: 'cycle' });
  }
  // File-level cycles (type imports included): two files that import each other, directly or around a circle.
  const fileCycles = folderCycles(fileGraph);
  return { files, edges, cycles, fileCycles, violations };
}

/** `file: imports <path> (<from> → <to>)`, the report's line for one violation. */
export const formatViolation = (v) => `${v.file}: imports ${v.target} (${v.from} → ${v.to})`;

function main() {
  const { files, edges, cycles, violations } = analyzeLayers();
  const headings = {
    upward:
      'imports from a folder above (lib/README.md "Folder layout": team-server → entrypoints, components → background → agent → tools → providers, page, retrieval → storage, messaging → core → util):',
    cycle: 'same-rank imports inside a folder cycle:',
    unlisted: 'imports from or into a lib/ folder lib/README.md does not list:',
  };
  for (const [kind, heading] of Object.entries(headings)) {
    const list = violations.filter((v) => v.kind === kind);
    if (list.length === 0) continue;
    console.log(heading);
    for (const v of list) console.log(`  ${formatViolation(v)}`);
  }
  for (const c of cycles) console.log(`folder cycle: ${c.join(' ⇄ ')}`);
  if (violations.length === 0 && cycles.length === 0) {
    console.log(`layers: ok (${files.length} files, ${edges.length} imports between folders)`);
    return 0;
  }
  console.log(`layers: ${violations.length} violations, ${cycles.length} folder cycles`);
  return 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
