/** What to tell the user about an error, and how they can fix it. */
import type { ErrorInfo } from '../../lib/core/error-info';
import { t } from './t';

export interface ErrorAdvice {
  title: string;
  detail: string;
  fix?: 'settings' | 'retry';
}

export function describeError(error: ErrorInfo): ErrorAdvice {
  switch (error.code) {
    case 'auth':
      return { title: t('error_auth'), detail: error.message, fix: 'settings' };
    case 'permission':
      return { title: t('error_permission'), detail: error.message, fix: 'settings' };
    case 'not_found':
      return { title: t('error_not_found'), detail: t('error_not_found_fix', error.message), fix: 'settings' };
    case 'no_provider':
      return { title: t('error_no_provider'), detail: error.message, fix: 'settings' };
    case 'not_allowed':
      return { title: t('error_not_allowed'), detail: error.message, fix: 'settings' };
    case 'rate_limited':
      return { title: t('error_rate_limited'), detail: t('error_rate_limited_fix', error.message), fix: 'retry' };
    case 'overloaded':
    case 'server':
      return { title: t('error_server'), detail: error.message, fix: 'retry' };
    case 'network':
      // The message already names the host and the usual fix (lib/providers/describe-unreachable.ts).
      return { title: t('error_network'), detail: error.message, fix: 'retry' };
    case 'timeout':
      return { title: t('error_timeout'), detail: t('error_timeout_fix', error.message), fix: 'retry' };
    case 'stalled':
      return { title: t('error_stalled'), detail: t('error_stalled_fix', error.message), fix: 'retry' };
    case 'tool_call_limit':
    case 'sub_agent_limit':
    case 'token_budget':
      return { title: t('error_run_limit'), detail: error.message, fix: 'settings' };
    case 'stream_error':
      return { title: t('error_cut_off'), detail: t('error_cut_off_detail', error.message), fix: 'retry' };
    default:
      return { title: t('error_unknown'), detail: error.message, fix: 'retry' };
  }
}
