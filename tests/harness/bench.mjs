#!/usr/bin/env node
// `npm run bench -- <name>` runs tests/bench/<name>.ts (or tests/bench/<name>/index.ts) with tsx.
// The bench's last line is `<name>: key=value ...`; this script adds nothing after it.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const name = process.argv[2];
const dir = 'tests/bench';
const list = () =>
  readdirSync(dir)
    .filter((f) => !f.startsWith('_'))
    .map((f) => f.replace(/\.ts$/, ''));
if (!name) {
  console.error(`usage: npm run bench -- <name>\nbenches: ${list().join(', ')}`);
  process.exit(2);
}
const file = [join(dir, `${name}.ts`), join(dir, name, 'index.ts')].find(existsSync);
if (!file) {
  console.error(`no bench named "${name}"; benches: ${list().join(', ')}`);
  process.exit(2);
}
// Node 20 needs the flag for the global WebSocket the benches use to reach the service worker over CDP.
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-websocket', '--no-warnings=ExperimentalWarning']
  .filter(Boolean)
  .join(' ');
const r = spawnSync('npx', ['tsx', file, ...process.argv.slice(3)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: nodeOptions },
});
process.exit(r.status ?? 1);
