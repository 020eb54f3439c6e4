/** Facts the architecture bench reads from outside the source: the formatter's verdict and the last CI run's length. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where .ci/run records how long it took (outside the clone, which CI throws away). */
export const ciMinutesFile = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tabwise', 'ci-minutes.txt');

/** The last clean-clone run recorded here: `minutes commit ISO-time`, written by .ci/run. */
export function ciMinutes(): { minutes: number; commit: string; when: string } | 'NA' {
  if (!existsSync(ciMinutesFile)) return 'NA';
  const [minutes, commit, when] = readFileSync(ciMinutesFile, 'utf8').trim().split(/\s+/);
  const n = Number(minutes);
  return Number.isFinite(n) ? { minutes: n, commit: commit ?? '?', when: when ?? '?' } : 'NA';
}

/** Files Prettier would change, or NA when Prettier is not installed. */
export function unformattedFiles(): string[] | 'NA' {
  if (!existsSync('node_modules/.bin/prettier')) return 'NA';
  const r = spawnSync('node_modules/.bin/prettier', ['--list-different', '.'], { encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean);
}
