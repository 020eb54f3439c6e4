/**
 * architecture: how well the tree holds together (issue 9). Targets: 0 folder cycles, 0 files over 400 lines,
 * content script at most 40 KB minified, journal growth ratio at most 1.1 (linear is 1.0).
 * - folder_cycles: folder-level import cycles, counted as strongly connected components of the folder graph
 *   with more than one folder (tests/harness/check-layers.mjs), so agent ⇄ tools ⇄ page would count once;
 * - files_over_400: source files (.ts, .tsx, .mts, .js, .mjs) in lib/, components/, entrypoints/ over 400 lines;
 * - content_script_kb: the built, minified content scripts the manifest injects into every page (matches
 *   <all_urls>; else every built one in content-scripts/), summed, in KB of 1024 bytes like the journal figure
 *   (Vite prints 1000-byte kB); the extension is built first when .output is missing or older than the sources;
 * - journal_kb_50_steps, journal_growth_ratio: the stored run journal of a 50-step run with a tool call per
 *   step, and bytes(100 steps) / (2 · bytes(50 steps)).
 * - functions_over_150: functions (declarations, expressions, arrows, methods) in the product's source longer than
 *   150 lines (tests/bench/_code-shape.ts);
 * - stringified_tool_outputs: files that turn a tool's result into the model's string outside the one builder
 *   (lib/agent/to-model-text.ts: formatToolOutput, or wrapUntrusted of a tool's untrustedOutput) or parse a tool's
 *   output string back (readToolOutput, or JSON.parse / splitToolResultImage in a card);
 * - error_classes: classes extending Error (directly or through another …Error class);
 * - file_cycles: file-level import cycles (strongly connected components of the file graph, type imports included);
 * - unformatted_files: files `prettier --check` lists (NA until the formatter is installed);
 * - ci_minutes: the duration of the most recent clean-clone `.ci/run` on this machine, written by the run itself
 *   to ~/.cache/tabwise/ci-minutes.txt (NA when none has run here).
 * Targets of the last six: 0, 0, at most 10, 0, 0, at most 15.
 * Usage: npm run bench -- architecture [--no-build]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { analyzeLayers } from '../harness/check-layers.mjs';
import { extensionDir } from '../harness/launch-extension';
import { measureJournalBytes } from './_journal-size';
import { errorClasses, functionsOver, productSources, stringifiedToolOutputs } from './_code-shape';
import { ciMinutes, unformattedFiles } from './_ci-facts';

const sourceRoots = ['lib', 'components', 'entrypoints'];
const codeFile = /\.(ts|tsx|mts|js|mjs)$/;
// What a build reads besides the source folders.
const buildInputs = [
  'lib',
  'components',
  'entrypoints',
  'prompts',
  'wxt.config.ts',
  'package.json',
  'package-lock.json',
];

const round1 = (x: number) => Math.round(x * 10) / 10;

function walk(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => walk(join(path, name)));
}

function filesOver400(): string[] {
  return sourceRoots
    .flatMap(walk)
    .filter((f) => codeFile.test(f))
    .filter((f) => readFileSync(f, 'utf8').split('\n').length > 400)
    .sort();
}

function newestMtime(paths: string[]): number {
  return Math.max(0, ...paths.flatMap(walk).map((f) => statSync(f).mtimeMs));
}

const manifestSchema = z.object({
  content_scripts: z.array(z.object({ matches: z.array(z.string()), js: z.array(z.string()).optional() })).optional(),
});

/** Sizes in bytes of the built scripts that enter every page, by file. */
function contentScriptSizes(build: boolean): Map<string, number> {
  const manifestPath = join(extensionDir, 'manifest.json');
  const stale = !existsSync(manifestPath) || statSync(manifestPath).mtimeMs < newestMtime(buildInputs);
  if (stale && build) {
    console.log('building the extension (npx wxt build): .output is missing or older than the sources');
    const r = spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('wxt build failed');
  } else if (stale) {
    console.log('note: .output is older than the sources (--no-build given)');
  }
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const everyPage = (manifest.content_scripts ?? []).filter((c) =>
    c.matches.some((m) => m === '<all_urls>' || m === '*://*/*'),
  );
  let files = everyPage.flatMap((c) => c.js ?? []);
  if (files.length === 0) {
    // Scripts registered at run time (chrome.scripting: the capture script, while remembering is on) are not
    // in the manifest: count every built one. The page agent and reader (injected into the tab a run acts
    // on, never into every page) are built outside content-scripts/.
    const dir = join(extensionDir, 'content-scripts');
    files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.js'))
          .map((f) => `content-scripts/${f}`)
      : [];
    console.log(
      'note: the manifest declares no content script for every page; counting the runtime-registered ones in content-scripts/',
    );
  }
  return new Map(files.map((f) => [f, statSync(join(extensionDir, f)).size]));
}

const build = !process.argv.includes('--no-build');

const layers = analyzeLayers();
for (const c of layers.cycles) console.log(`folder cycle: ${c.join(' ⇄ ')}`);

const longFiles = filesOver400();
for (const f of longFiles) console.log(`over 400 lines: ${f}`);

const scripts = contentScriptSizes(build);
for (const [f, bytes] of scripts) console.log(`content script: ${f} ${round1(bytes / 1024)} KB`);
const contentKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;

for (const c of layers.fileCycles) console.log(`file cycle: ${c.join(' ⇄ ')}`);
const sources = productSources();
const longFunctions = functionsOver(sources, 150);
for (const f of longFunctions) console.log(`function over 150 lines: ${f}`);
const errors = errorClasses(sources);
for (const e of errors) console.log(`error class: ${e}`);
const stringified = stringifiedToolOutputs(sources);
for (const f of stringified) console.log(`tool output as a string: ${f}`);
const unformatted = unformattedFiles();
if (unformatted !== 'NA') for (const f of unformatted) console.log(`not formatted: ${f}`);
const ci = ciMinutes();
console.log(
  ci === 'NA'
    ? 'ci: no clean-clone run recorded on this machine'
    : `ci: ${ci.minutes} min at ${ci.commit} (${ci.when})`,
);

const bytes50 = await measureJournalBytes(50);
const bytes100 = await measureJournalBytes(100);
console.log(`journal: ${bytes50} bytes after 50 steps, ${bytes100} bytes after 100 steps`);

console.log(
  `architecture: folder_cycles=${layers.cycles.length} files_over_400=${longFiles.length} content_script_kb=${round1(contentKb)}` +
    ` journal_kb_50_steps=${round1(bytes50 / 1024)} journal_growth_ratio=${Math.round((bytes100 / (2 * bytes50)) * 100) / 100}` +
    ` functions_over_150=${longFunctions.length} stringified_tool_outputs=${stringified.length} error_classes=${errors.length}` +
    ` file_cycles=${layers.fileCycles.length} unformatted_files=${unformatted === 'NA' ? 'NA' : unformatted.length} ci_minutes=${ci === 'NA' ? 'NA' : ci.minutes}`,
);
