/** The worker's validators for the capture protocol: every field from a page is checked and bounded. */
import { z } from 'zod';
import type { Validators } from '../../messaging/dispatch';
import type { CaptureInput, CaptureRoutes } from '../capture-message';

const empty = z.object({}).strict();

/** One captured page. */
export const captureInputSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(8192),
  title: z.string().max(2000),
  lang: z.string().max(35),
  text: z.string().min(1).max(1_000_000),
  hash: z.string().regex(/^[0-9a-f]{8,64}$/),
}) satisfies z.ZodType<CaptureInput>;

export const captureValidators: Validators<CaptureRoutes> = {
  config: empty,
  reader: empty,
  capture: captureInputSchema,
  captureDocument: z.object({ url: z.url({ protocol: /^https?$/ }).max(8192) }),
};
