#!/usr/bin/env node
// `npm test`: typecheck, lint and folder layering side by side (each is one process on one core), the build
// (alone: it rewrites the .wxt types tsc reads), then unit, browser-mode and team-server tests side by side (the
// browser tests leave a core idle about 40% of their time, which the others take), then end-to-end tests. Every stage runs even if an earlier one failed,
// so one run shows everything; the last line is the totals.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = 'test-results';
mkdirSync(reports, { recursive: true });

const stages = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit'], group: 'checks' },
  // ESLint, then Prettier's check (npm run format fixes what it lists).
  { name: 'lint', cmd: ['npm', 'run', 'lint', '--silent'], group: 'checks' },
  // Imports point down lib/README.md's folder layout and make no folder-level cycle.
  { name: 'layers', cmd: ['node', 'tests/harness/check-layers.mjs'], group: 'checks' },
  { name: 'build', cmd: ['npx', 'wxt', 'build'] },
  {
    name: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${reports}/unit.json`,
    ],
    report: `${reports}/unit.json`,
    kind: 'vitest',
    group: 'tests',
  },
  {
    name: 'browser',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'browser',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${reports}/browser.json`,
    ],
    report: `${reports}/browser.json`,
    kind: 'vitest',
    group: 'tests',
  },
  {
    // The team server against Postgres over the wire: one embedded PGlite per file, files one after another
    // (each PGlite takes a core while it starts). Beside unit and browser tests: it uses about half a core.
    name: 'team-server',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'team-server',
      '--no-file-parallelism',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${reports}/team-server.json`,
    ],
    report: `${reports}/team-server.json`,
    kind: 'vitest',
    group: 'tests',
  },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test'],
    report: `${reports}/e2e.json`,
    kind: 'playwright',
    needs: 'build',
  },
];

function counts(stage) {
  if (!stage.report || !existsSync(stage.report)) return null;
  const r = JSON.parse(readFileSync(stage.report, 'utf8'));
  if (stage.kind === 'vitest')
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  return {
    passed: r.stats.expected + (r.stats.flaky ?? 0),
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
    flaky: r.stats.flaky ?? 0,
  };
}

/**
 * Runs one stage. A stage run beside others keeps its output and prints it whole when it ends, so the log
 * stays readable; a stage run alone streams.
 */
function run(stage, alone) {
  return new Promise((resolve) => {
    if (stage.report) rmSync(stage.report, { force: true });
    if (alone) console.log(`\n=== ${stage.name}: ${stage.cmd.join(' ')}`);
    const started = Date.now();
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code) => {
      if (!alone) {
        console.log(`\n=== ${stage.name}: ${stage.cmd.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      resolve({ stage, passed: code === 0, seconds });
    });
  });
}

const results = [];
const ok = new Set();
function record({ stage, passed, seconds }) {
  const c = counts(stage);
  if (passed) ok.add(stage.name);
  results.push({ name: stage.name, status: `${passed ? 'ok' : 'FAILED'} in ${seconds}s`, failed: !passed, counts: c });
}
for (let i = 0; i < stages.length;) {
  const stage = stages[i];
  if (stage.group) {
    const group = [];
    while (stages[i]?.group === stage.group) group.push(stages[i++]);
    for (const done of await Promise.all(group.map((g) => run(g, false)))) record(done);
    continue;
  }
  i++;
  if (stage.needs && !ok.has(stage.needs)) {
    results.push({ name: stage.name, status: `skipped (${stage.needs} failed)`, failed: true });
    continue;
  }
  record(await run(stage, true));
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n=== summary');
for (const r of results) {
  const c = r.counts;
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  } else if (r.failed) {
    failed += 1; // a failed stage without test counts (typecheck, lint, build) counts as one failure
  }
  // A test that failed once and passed on CI's retry is counted as passed and named flaky here, never hidden.
  const flaky = c?.flaky ? ` (${c.flaky} flaky: failed once, passed on the retry)` : '';
  console.log(
    `${r.name.padEnd(10)} ${r.status}${c ? `: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${flaky}` : ''}`,
  );
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.some((r) => r.failed) ? 1 : 0);
