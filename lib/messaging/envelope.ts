/** The one reply shape of every protocol: a value, or an error that survives the trip. */
import { isWireError, type WireError } from './wire-error';

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: WireError };

export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
export const fail = (error: WireError): Envelope<never> => ({ ok: false, error });

/**
 * Checks the envelope's shape. The value's type is the protocol's promise (the receiver answered with its
 * handler's typed result); only the shape is checked here, not the value.
 */
export function isEnvelope<T>(raw: unknown): raw is Envelope<T> {
  if (typeof raw !== 'object' || raw === null) return false;
  const fields = raw as Record<string, unknown>;
  // Chrome serialises messages as JSON: a void reply's `value: undefined` arrives as no field at all.
  if (fields.ok === true) return true;
  return fields.ok === false && isWireError(fields.error);
}
