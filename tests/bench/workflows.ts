// Benchmark `workflows` (issue 28). Last line: `workflows: replay_steps=N replay_ms_per_step_p50=N
// replay_model_calls=N alarm_fire_delay_ms_p50=N missed_or_doubled_runs=N`. The replay keys come from
// workflows/replay.ts; the alarm keys belong to the scheduled runs (workflows/alarms.ts), NA until they land here.
import { cpus, loadavg } from 'node:os';
import { measureReplay } from './workflows/replay';

const replay = await measureReplay();
console.log(
  `cpu: ${cpus()[0]?.model ?? '?'} x${cpus().length}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `workflows: replay_steps=${replay.replay_steps} replay_ms_per_step_p50=${replay.replay_ms_per_step_p50} ` +
    `replay_model_calls=${replay.replay_model_calls} alarm_fire_delay_ms_p50=NA missed_or_doubled_runs=NA`,
);
