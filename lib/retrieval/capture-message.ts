/**
 * Messages from the content script's page capture to the background. The background treats them as
 * untrusted input: every field is validated and bounded here.
 */
import { z } from 'zod';

/** Asks whether to capture at all, and after how long. */
export const captureConfigRequestSchema = z.object({ type: z.literal('tabwise-capture-config') });

/** One captured page. */
export const captureRequestSchema = z.object({
  type: z.literal('tabwise-capture'),
  url: z.url({ protocol: /^https?$/ }).max(8192),
  title: z.string().max(2000),
  lang: z.string().max(35),
  text: z.string().min(1).max(1_000_000),
  hash: z.string().regex(/^[0-9a-f]{8,64}$/),
});
export type CaptureRequest = z.infer<typeof captureRequestSchema>;

/** What the content script is told before capturing (nothing more: it never sees the lists). */
export interface CaptureConfig {
  enabled: boolean;
  dwellMs: number;
}

/** What happened to a capture; 'full' means the queue refused it (the settings page shows the count). */
export interface CaptureReply {
  status: 'queued' | 'replaced' | 'unchanged' | 'refused' | 'full' | 'off';
  reason?: string;
}
