/**
 * A recording (issue 28, "Workflows"): what the user did in a tab, as steps described the way the page tools see
 * elements (role, accessible name, the text of its table row), never by CSS selectors or ids. It is a saved task
 * of `kind: 'recording'` (saved-task.ts) and replays without a model while every step matches (lib/agent/replay-*).
 * A typed value may hold `{placeholders}`, filled at run time like a task's. A password is never in a step: a
 * `password` step says the user types it on the card at run time. Payment-card and one-time-code fields are not
 * recorded at all.
 */
import { z } from 'zod';

export const MAX_RECORDING_STEPS = 60;

/** An element as the page tools' snapshot lists it (PageElement's role, name and row). */
export const recordedTargetSchema = z.object({
  role: z.string().min(1).max(40),
  name: z.string().max(200),
  row: z.string().max(300).optional(),
});
export type RecordedTarget = z.output<typeof recordedTargetSchema>;

const note = z.string().trim().max(200).optional();

export const recordingStepSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('click'), target: recordedTargetSchema, note }),
  z.object({ action: z.literal('type'), target: recordedTargetSchema, value: z.string().max(5000), note }),
  z.object({ action: z.literal('choose'), target: recordedTargetSchema, option: z.string().min(1).max(500), note }),
  z.object({
    action: z.literal('press'),
    key: z.enum(['Enter', 'Escape', 'Tab', 'Shift+Tab']),
    target: recordedTargetSchema.optional(),
    note,
  }),
  /** A password field: the user types it on the card at run time (fill_password); its value is never recorded. */
  z.object({ action: z.literal('password'), target: recordedTargetSchema, note }),
  z.object({ action: z.literal('navigate'), url: z.string().max(4000), note }),
]);
export type RecordingStep = z.output<typeof recordingStepSchema>;

export const recordingStepsSchema = z.array(recordingStepSchema).min(1).max(MAX_RECORDING_STEPS);
