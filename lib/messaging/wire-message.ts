/** The one marker style on the wire: `{ tabwise: <protocol>, name, data }`. */

/** Which protocol a message belongs to; every extension context hears runtime messages, so each listener answers only its own. */
export type Marker = 'background' | 'offscreen' | 'page' | 'capture' | 'tool-ask' | 'recorder';

export interface WireMessage {
  tabwise: Marker;
  name: string;
  data: unknown;
}

/** Whether a message carries this protocol's marker (its name and data are checked by the receiver). */
export function isAddressedTo(
  raw: unknown,
  marker: Marker,
): raw is { tabwise: Marker; name?: unknown; data?: unknown } {
  return typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>).tabwise === marker;
}
