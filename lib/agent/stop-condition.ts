/** Stop conditions are small predicates over the finished steps (after the AI SDK's stop-condition.ts). */
export interface StopState {
  /** Completed model steps, interrupted ones excluded. */
  steps: ReadonlyArray<{ index: number; toolCallCount: number }>;
}

export type StopCondition = (state: StopState) => boolean;

/** Stops once `n` model steps have completed. */
export const stepLimit = (n: number): StopCondition => ({ steps }) => steps.length >= n;

/** Stops as soon as any condition holds. */
export const anyOf = (...conditions: StopCondition[]): StopCondition => (state) => conditions.some((c) => c(state));
