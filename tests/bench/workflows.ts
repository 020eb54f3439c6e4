/**
 * workflows: saved tasks that run again by themselves (issue 28).
 *
 * - alarm_fire_delay_ms_p50, missed_or_doubled_runs: tests/bench/workflows/alarms.ts (scheduled runs through the
 *   built extension, the worker stopped between alarms and during each run). Targets: 0 missed or doubled.
 * - replay_steps, replay_ms_per_step_p50, replay_model_calls: recordings replayed (tests/bench/workflows/replay.ts,
 *   added with recordings); NA until then.
 * Usage: npm run bench -- workflows   (WORKFLOWS_NO_BUILD=1 skips `wxt build`; WORKFLOWS_RUNS=N tasks, default 5)
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { median, round } from './_stats';
import { measureAlarms } from './workflows/alarms';

if (!process.env.WORKFLOWS_NO_BUILD) {
  const built = spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const alarms = await measureAlarms(Number(process.env.WORKFLOWS_RUNS ?? 5));
console.log(`alarm_fire_delay_ms: ${alarms.delays.map((d) => d.toFixed(0)).join(' ')}`);
console.log(
  `load average: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(
  `workflows: replay_steps=NA replay_ms_per_step_p50=NA replay_model_calls=NA alarm_fire_delay_ms_p50=${round(median(alarms.delays), 0)} missed_or_doubled_runs=${alarms.missedOrDoubled}`,
);
