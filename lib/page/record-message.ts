/**
 * The recorder protocol between the recorder script (injected into the recorded tab only while recording) and
 * the worker. Types only: the worker validates each step with the recording schema (the page may have driven
 * the script), and takes it only from the tab being recorded.
 */
import { defineProtocol, type Route } from '../messaging/define-protocol';
import type { RecordedTarget, RecordingStep } from '../core/recording';

/**
 * One step the user did, or a field left out of the recording (a payment card, a one-time code), described as
 * a step's target is (never its value), so the worker counts each field once however often it is typed into.
 */
export type RecorderInput = { step: RecordingStep } | { skipped: 'card' | 'one-time-code'; target: RecordedTarget };

export type RecorderRoutes = {
  /** `recording: false` tells the script to stop listening (the recording ended, or this tab is not it). */
  step: Route<RecorderInput, { recording: boolean }>;
};

export const recorderProtocol = defineProtocol<RecorderRoutes>('recorder');
