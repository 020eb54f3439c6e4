/** What to tell the user about an error, and how they can fix it. */
import type { ErrorInfo } from '../../lib/agent/agent-event';

export interface ErrorAdvice { title: string; detail: string; fix?: 'settings' | 'retry' }

export function describeError(error: ErrorInfo): ErrorAdvice {
  switch (error.code) {
    case 'auth':
      return { title: 'The provider rejected the API key', detail: error.message, fix: 'settings' };
    case 'permission':
      return { title: 'This key may not use that model', detail: error.message, fix: 'settings' };
    case 'not_found':
      return { title: 'The model or endpoint was not found', detail: `${error.message} Check the model name and base URL.`, fix: 'settings' };
    case 'no_provider':
      return { title: 'No model is set up yet', detail: error.message, fix: 'settings' };
    case 'rate_limited':
      return { title: 'Rate limited by the provider', detail: `${error.message} Tabwise retried; try again in a moment.`, fix: 'retry' };
    case 'overloaded':
    case 'server':
      return { title: 'The provider had a problem', detail: error.message, fix: 'retry' };
    case 'network':
      // The message already names the host and the usual fix (lib/providers/describe-unreachable.ts).
      return { title: "Can't reach the provider's server", detail: error.message, fix: 'retry' };
    case 'timeout':
      return { title: 'The provider did not answer in time', detail: `${error.message} Is the server running and the base URL right?`, fix: 'retry' };
    case 'stalled':
      return { title: 'The provider stopped responding', detail: `${error.message} What arrived so far is kept; Retry asks again.`, fix: 'retry' };
    case 'tool_call_limit':
    case 'sub_agent_limit':
    case 'token_budget':
      return { title: 'Stopped at a run limit', detail: error.message, fix: 'settings' };
    case 'stream_error':
      return { title: 'The answer was cut off', detail: `The connection ended before the answer was finished; what arrived is kept. (${error.message})`, fix: 'retry' };
    default:
      return { title: 'Something went wrong', detail: error.message, fix: 'retry' };
  }
}
