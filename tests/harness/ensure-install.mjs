#!/usr/bin/env node
// Installs dependencies when they are missing or older than the lockfile. Dependency-free on purpose:
// it runs before anything is installed.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const stamp = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale = !existsSync(stamp) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(stamp).mtimeMs + 1000);
if (stale) {
  const args = [existsSync(lock) ? 'ci' : 'install', '--prefer-offline', '--no-audit', '--no-fund'];
  console.log(`tabwise: installing dependencies (npm ${args.join(' ')})…`);
  // onnxruntime-node's install script downloads from a host that may be unreachable; its CPU binding ships inside.
  const r = spawnSync('npm', args, { stdio: 'inherit', env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
