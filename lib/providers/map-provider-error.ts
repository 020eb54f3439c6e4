/**
 * Turns whatever an official SDK threw into a ProviderError with the provider's own message. Errors are told
 * apart by class (both SDKs export their hierarchy), never by `name`: openai-node leaves every `name` as
 * "Error", and a bundler may rename classes.
 */
import {
  APIConnectionError as AnthropicConnectionError,
  APIConnectionTimeoutError as AnthropicTimeoutError,
  APIError as AnthropicAPIError,
  APIUserAbortError as AnthropicUserAbortError,
} from '@anthropic-ai/sdk';
import {
  APIConnectionError as OpenAIConnectionError,
  APIConnectionTimeoutError as OpenAITimeoutError,
  APIError as OpenAIAPIError,
  APIUserAbortError as OpenAIUserAbortError,
} from 'openai';
import { describeUnreachable } from './describe-unreachable';
import { ProviderError, codeForStatus } from './provider-error';
import { t } from '../util/t';

/** Where the request went, so "can't reach" can name the host and the usual fix. */
export interface ErrorEndpoint {
  baseURL?: string;
  /** The vendor's default host when no base URL is configured. */
  vendorHost: string;
}

const isUserAbort = (e: unknown) =>
  e instanceof OpenAIUserAbortError ||
  e instanceof AnthropicUserAbortError ||
  (e instanceof DOMException && e.name === 'AbortError');
const isTimeout = (e: unknown) => e instanceof OpenAITimeoutError || e instanceof AnthropicTimeoutError;
const isConnection = (e: unknown) => e instanceof OpenAIConnectionError || e instanceof AnthropicConnectionError;

/** The vendor's own message: OpenAI `{error:{message}}` arrives as `.error.message`, Anthropic as `.error.error.message`. */
function vendorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || !error || !('error' in error)) return undefined;
  const body: unknown = error.error;
  if (typeof body !== 'object' || !body) return undefined;
  const nested = 'error' in body && typeof body.error === 'object' && body.error ? body.error : undefined;
  const m =
    (nested && 'message' in nested ? nested.message : undefined) ?? ('message' in body ? body.message : undefined);
  return typeof m === 'string' && m ? m : undefined;
}

function hostOf(endpoint: ErrorEndpoint): string {
  if (!endpoint.baseURL) return endpoint.vendorHost;
  return URL.canParse(endpoint.baseURL) ? new URL(endpoint.baseURL).host : endpoint.baseURL;
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;

/**
 * The messages Tabwise writes (stopped, timed out, unreachable) are in the user's language; a vendor's own
 * message is passed on as the vendor wrote it. Without `endpoint` the messages name no host.
 */
export function mapProviderError(error: unknown, signal?: AbortSignal, endpoint?: ErrorEndpoint): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted || isUserAbort(error))
    return new ProviderError({ code: 'aborted', message: t('prov_stopped'), cause: error });
  // Timeout first: it is a subclass of the connection error.
  if (isTimeout(error)) {
    const message = endpoint ? t('prov_timeout', hostOf(endpoint)) : t('prov_timeout_no_host');
    return new ProviderError({ code: 'timeout', message, cause: error });
  }
  if (isConnection(error)) {
    const message = endpoint
      ? describeUnreachable(endpoint.baseURL, endpoint.vendorHost)
      : t('prov_unreachable_no_host');
    return new ProviderError({ code: 'network', message, cause: error });
  }
  const message =
    (vendorMessage(error) ?? (error instanceof Error ? error.message : String(error))) || t('prov_unknown_error');
  const status = statusOf(error);
  if (status !== undefined) return new ProviderError({ code: codeForStatus(status), status, message, cause: error });
  // No status: an SDK APIError here is an error event inside the stream; a TypeError is the body breaking off
  // (fetch reports a dropped connection mid-body as one). Either way the answer was cut off.
  const cutOff = error instanceof OpenAIAPIError || error instanceof AnthropicAPIError || error instanceof TypeError;
  return new ProviderError({ code: cutOff ? 'stream_error' : 'unknown', message, cause: error });
}
