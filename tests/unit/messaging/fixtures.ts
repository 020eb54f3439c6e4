/** A small protocol for the kit's tests: one zod-validated request, one hand-guarded, one without a handler. */
import { z } from 'zod';
import { defineProtocol, type Route } from '../../../lib/messaging/define-protocol';
import { guard } from '../../../lib/messaging/validator';
import type { SelfInfo } from '../../../lib/messaging/sender-is';

export const self: SelfInfo = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
export const pageSender = { id: 'ext-id', url: 'chrome-extension://ext-id/options.html' };
export const contentSender = { id: 'ext-id', url: 'https://example.com/', tab: { id: 3 } };

export const greetSchema = z.object({
  name: z.string().trim().min(1, 'Say who to greet'),
  times: z.number().int().default(1),
});
const isPing = (v: unknown): v is { n: number } =>
  typeof v === 'object' && v !== null && typeof (v as { n?: unknown }).n === 'number';

export type TestRoutes = {
  greet: Route<z.input<typeof greetSchema>, string, z.output<typeof greetSchema>>;
  ping: Route<{ n: number }, number>;
  later: Route<Record<string, never>, void>;
};

export const testProtocol = defineProtocol<TestRoutes>('background');
export const validators = { greet: greetSchema, ping: guard(isPing, 'Expected { n }'), later: z.object({}) };
