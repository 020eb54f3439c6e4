/** Turns whatever an official SDK threw into a ProviderError with the provider's own message. */
import { ProviderError, codeForStatus } from './provider-error';

interface SdkErrorLike {
  name?: string;
  status?: number;
  message?: string;
  error?: unknown;
}

/** The vendor's own message: OpenAI `{error:{message}}` arrives as `.error.message`, Anthropic as `.error.error.message`. */
function vendorMessage(e: SdkErrorLike): string | undefined {
  const body = e.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const m = body?.error?.message ?? body?.message;
  return typeof m === 'string' && m ? m : undefined;
}

export function mapProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = (typeof error === 'object' && error ? error : { message: String(error) }) as SdkErrorLike;
  if (signal?.aborted || e.name === 'APIUserAbortError' || e.name === 'AbortError') {
    return new ProviderError({ code: 'aborted', message: 'Stopped.', cause: error });
  }
  if (e.name === 'APIConnectionTimeoutError') {
    return new ProviderError({ code: 'timeout', message: 'The provider did not answer in time.', cause: error });
  }
  if (e.name === 'APIConnectionError') {
    return new ProviderError({ code: 'network', message: `Could not reach the provider: ${e.message ?? 'connection failed'}`, cause: error });
  }
  const message = vendorMessage(e) ?? e.message ?? 'Unknown provider error';
  if (typeof e.status === 'number') return new ProviderError({ code: codeForStatus(e.status), status: e.status, message, cause: error });
  // An error without a status after the response began is an error event inside the stream, or a broken body.
  const streamy = /stream|terminated|socket|network|premature|aborted/i.test(message) || e.name === 'APIError';
  return new ProviderError({ code: streamy ? 'stream_error' : 'unknown', message, cause: error });
}
