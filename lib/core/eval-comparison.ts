/**
 * A model comparison (issue 28, "Compare models"): one saved task run on each of the models the user picked, one
 * after another, each in a fresh tab and a fresh conversation, and what each run came to. It is stored as it goes
 * (lib/storage/eval-store.ts), so a worker stopped mid-comparison picks it up where it was: a run is marked
 * `running` with its conversation before it is started, and a run so marked is waited for, never started again.
 */
import { z } from 'zod';
import { evalCheckSchema } from './eval-check';
import { taskModelSchema } from './saved-task';

export const MIN_COMPARED_MODELS = 2;
export const MAX_COMPARED_MODELS = 8;
export const MAX_COMPARISONS = 200;

const count = z.number().int().nonnegative();
const time = z.number().finite().nonnegative();

export const comparisonRunSchema = z.object({
  model: taskModelSchema,
  /** How the model reads ("Provider · model"). */
  label: z.string().max(500),
  /** pending → running → done; `stopped` (Stop during it), `cancelled` (Stop before it), `error` (could not run). */
  state: z.enum(['pending', 'running', 'done', 'stopped', 'cancelled', 'error']),
  conversationId: z.string().min(1).max(200).optional(),
  tabId: z.number().int().nonnegative().optional(),
  startedAt: time.optional(),
  endedAt: time.optional(),
  /** The check's verdict (absent: the task has no check, or the run did not end). */
  passed: z.boolean().optional(),
  /** What the check saw, or why the run could not be checked. */
  detail: z.string().max(4000).optional(),
  /** How the answer ended: complete, stopped, error, interrupted. */
  finish: z.string().max(40).optional(),
  steps: count.optional(),
  toolCalls: count.optional(),
  inputTokens: count.optional(),
  outputTokens: count.optional(),
  /** USD at the prices the panel uses; absent when the model's price is unknown. */
  costUsd: z.number().finite().nonnegative().optional(),
});
export type ComparisonRun = z.output<typeof comparisonRunSchema>;

export const comparisonSchema = z.object({
  id: z.string().min(1).max(200),
  taskId: z.string().min(1).max(200),
  taskName: z.string().max(200),
  /** The instruction as sent (placeholders filled in), the same for every model. */
  instruction: z.string().max(100_000),
  startUrl: z.string().max(4000).optional(),
  check: evalCheckSchema.optional(),
  createdAt: time,
  /** running until every run has ended; stopped when the user stopped it. */
  status: z.enum(['running', 'done', 'stopped']),
  runs: z.array(comparisonRunSchema).min(MIN_COMPARED_MODELS).max(MAX_COMPARED_MODELS),
});
export type Comparison = z.output<typeof comparisonSchema>;

/** Whether a run has ended one way or another (nothing more will be done for it). */
export const runEnded = (r: ComparisonRun) => r.state !== 'pending' && r.state !== 'running';
