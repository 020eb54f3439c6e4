/**
 * Hands the activity line of a finished consequential call to the runtime's activity sink. Called by the tool
 * loop (run-step-tools.ts) once the call's result is journaled, for calls that ran and for those a restart
 * found running. A log that cannot be written never ends a run: the failure is reported, the run goes on.
 */
import type { Tool } from '../tools/define-tool';
import { parseToolInput } from './build-history';
import { describeActivity, type GateOutcome } from './describe-activity';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ToolCallRecord } from './run-journal';

export type { ActivitySink } from './activity-line';

/** Builds and records `rec`'s line, if it has one. */
export async function recordActivity(
  live: Pick<LiveRun, 'snap'>,
  deps: Pick<RuntimeDeps, 'activity' | 'now' | 'isDead' | 'reportInternalError'>,
  rec: ToolCallRecord,
  tool: Tool | undefined,
  gate: GateOutcome,
): Promise<void> {
  if (!deps.activity || !tool || deps.isDead()) return;
  try {
    const json = parseToolInput(rec.rawInput);
    const parsed = json.ok ? tool.input.safeParse(json.value) : undefined;
    const line = describeActivity({
      tool,
      input: parsed?.success ? parsed.data : undefined,
      rec,
      run: live.snap.run,
      approval: live.snap.approvals.find((a) => a.toolCallId === rec.toolCallId),
      gate,
      now: deps.now(),
    });
    if (line) await deps.activity.record(line);
  } catch (error) {
    deps.reportInternalError(error);
  }
}
