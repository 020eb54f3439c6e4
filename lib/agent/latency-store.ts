/** Per-step latency telemetry: what the user waited for, by provider+model and by tool. */
import type { FinishReason } from '../providers/chat-model';
import type { Usage } from '../core/usage';
import type { ToolOutcome } from './run-journal';

export interface ToolLatency {
  toolName: string;
  durationMs: number;
  outcome: ToolOutcome;
}

export interface LatencyRecord {
  runId: string;
  step: number;
  /** The adapter's kind ('openai', 'openai-compatible', ...). */
  provider: string;
  /** The provider instance the step used, so Settings can name it as the panel does (absent on older records). */
  providerId?: string;
  modelId: string;
  at: number;
  /** Undefined when no content arrived (or the step was resumed after a restart). */
  ttftMs?: number;
  /** Model stream plus tools. */
  durationMs: number;
  /** Just the model stream. */
  modelMs: number;
  tools: ToolLatency[];
  stopReason: FinishReason;
  usage?: Usage;
}

export interface LatencyStore {
  add(record: LatencyRecord): Promise<void>;
  /** Records at or after `since` (epoch ms), oldest first. */
  list(since?: number): Promise<LatencyRecord[]>;
}

/** An in-memory LatencyStore that keeps the newest `capacity` records. */
export function createInMemoryLatencyStore(capacity = 5000): LatencyStore {
  const records: LatencyRecord[] = [];
  return {
    async add(r) {
      records.push(structuredClone(r));
      if (records.length > capacity) records.splice(0, records.length - capacity);
    },
    async list(since = 0) {
      return records.filter((r) => r.at >= since).map((r) => structuredClone(r));
    },
  };
}
