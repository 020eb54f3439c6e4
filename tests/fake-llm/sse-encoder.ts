import type { ReplyOutcome } from './reply-outcome';
import type { ReplyPart } from './reply-part';

/**
 * Turns wire-neutral reply parts into one vendor's SSE frames. Stateful: it knows which block or tool
 * call is open, so it must see the parts in order.
 */
export interface SseEncoder {
  /** Frames sent as soon as the response starts (before any scripted chunk). */
  open(): string;
  /** Frames carrying one scripted chunk. */
  part(part: ReplyPart): string;
  /** Frames that end a complete reply. */
  finish(outcome: ReplyOutcome): string;
  /** The vendor's in-stream error frame. */
  error(): string;
}
