/**
 * workflows: saved tasks that run again by themselves, and recordings replayed without the model (issue 28).
 *
 * - replay_steps, replay_ms_per_step_p50, replay_model_calls: tests/bench/workflows/replay.ts (the worker's work per
 *   replayed step). Targets: at most 50 ms a step at the median, 0 model calls on an unchanged page.
 * - alarm_fire_delay_ms_p50, missed_or_doubled_runs: tests/bench/workflows/alarms.ts (scheduled runs through the
 *   built extension, the worker stopped between alarms and during each run). Targets: 0 missed or doubled.
 * Usage: npm run bench -- workflows   (WORKFLOWS_NO_BUILD=1 skips `wxt build`; WORKFLOWS_RUNS=N tasks, default 5)
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { median, round } from './_stats';
import { measureAlarms } from './workflows/alarms';
import { measureReplay } from './workflows/replay';

if (!process.env.WORKFLOWS_NO_BUILD) {
  const built = spawnSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const replay = await measureReplay();
const alarms = await measureAlarms(Number(process.env.WORKFLOWS_RUNS ?? 5));
console.log(`alarm_fire_delay_ms: ${alarms.delays.map((d) => d.toFixed(0)).join(' ')}`);
console.log(
  `cpu: ${cpus()[0]?.model ?? '?'} x${cpus().length}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `workflows: replay_steps=${replay.replay_steps} replay_ms_per_step_p50=${replay.replay_ms_per_step_p50} ` +
    `replay_model_calls=${replay.replay_model_calls} alarm_fire_delay_ms_p50=${round(median(alarms.delays), 0)} ` +
    `missed_or_doubled_runs=${alarms.missedOrDoubled}`,
);
