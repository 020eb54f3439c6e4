/**
 * The background's side of the protocol. Only the extension's own pages may call it: messages from content
 * scripts (or anything else) are refused here; content scripts get their own narrower channel.
 */
import { requestSchemas, wireRequestSchema, type Envelope, type ParsedRequestOf, type RequestName, type ResponseOf, type WireError } from './protocol';

export type Handler<K extends RequestName> = (req: ParsedRequestOf<K>) => Promise<ResponseOf<K>>;
/** Every request's handler. Features add theirs as a partial set, merged by the composition root. */
export type Handlers = { [K in RequestName]?: Handler<K> };

export interface SenderInfo { id?: string; url?: string; tab?: unknown }

/** True for the extension's own pages (options, side panel): same extension id and a chrome-extension: URL of ours. */
export function isExtensionPage(sender: SenderInfo, extensionId: string, extensionOrigin: string): boolean {
  return sender.id === extensionId && !!sender.url && sender.url.startsWith(extensionOrigin);
}

export function toWireError(error: unknown): WireError {
  const e = error as { code?: unknown; message?: unknown; status?: unknown };
  return {
    code: typeof e?.code === 'string' ? e.code : 'internal',
    message: typeof e?.message === 'string' ? e.message : String(error),
    ...(typeof e?.status === 'number' ? { status: e.status } : {}),
  };
}

/** Validates and dispatches one raw message; resolves to the envelope to send back. */
export async function dispatchMessage(raw: unknown, sender: SenderInfo, handlers: Handlers, self: { id: string; origin: string }): Promise<Envelope<unknown>> {
  if (!isExtensionPage(sender, self.id, self.origin)) return { err: { code: 'forbidden', message: 'Not allowed from this sender.' } };
  const wire = wireRequestSchema.safeParse(raw);
  if (!wire.success) return { err: { code: 'bad_request', message: 'Malformed message.' } };
  const name = wire.data.name as RequestName;
  const schema = requestSchemas[name];
  if (!schema) return { err: { code: 'bad_request', message: `Unknown request "${wire.data.name}".` } };
  const parsed = schema.safeParse(wire.data.data ?? {});
  if (!parsed.success) return { err: { code: 'invalid', message: parsed.error.issues.map((i) => i.message).join('; ') } };
  const handler = handlers[name] as ((req: unknown) => Promise<unknown>) | undefined;
  if (!handler) return { err: { code: 'unavailable', message: `No handler for "${name}".` } };
  try {
    return { res: await handler(parsed.data) };
  } catch (error) {
    return { err: toWireError(error) };
  }
}
