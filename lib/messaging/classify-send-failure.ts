/** Turns a rejected sendMessage into a RemoteError whose code says what happened to the message. */
import { RemoteError } from './remote-error';
import type { ErrorCode } from '../core/error-code';

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;
/** The receiver took the message, then went away (worker stopped, frame navigated or removed, page cached). */
const GONE = /message port closed|message channel closed|back\/forward cache|frame .*removed|No frame with id/i;

export function classifySendFailure(error: unknown): RemoteError {
  if (error instanceof RemoteError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code: ErrorCode = NO_RECEIVER.test(message) ? 'no_receiver' : GONE.test(message) ? 'receiver_gone' : 'internal';
  return new RemoteError({ code, message }, { cause: error });
}
