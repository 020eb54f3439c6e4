import { describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../../lib/agent/to-error-info';
import { ProviderError } from '../../../lib/providers/provider-error';
import { RetrievalError } from '../../../lib/retrieval/retrieval-error';
import { UserFacingError } from '../../../lib/messaging/user-facing-error';

describe('toErrorInfo: one vocabulary from throw to panel', () => {
  it('keeps the project code an error carries, never its class name', () => {
    expect(toErrorInfo(new RetrievalError('model_load_failed', 'The model could not load'))).toEqual({
      code: 'model_load_failed',
      message: 'The model could not load',
    });
    expect(toErrorInfo(new UserFacingError('busy', 'Wait for the answer'))).toEqual({
      code: 'busy',
      message: 'Wait for the answer',
    });
    expect(toErrorInfo(new ProviderError({ code: 'rate_limited', status: 429, message: 'Slow down' }))).toEqual({
      code: 'rate_limited',
      message: 'Slow down',
      status: 429,
    });
  });

  it('says aborted for an abort and internal for anything else, a code it does not know included', () => {
    expect(toErrorInfo(new DOMException('Stopped by the user', 'AbortError'))).toEqual({
      code: 'aborted',
      message: 'Stopped by the user',
    });
    expect(toErrorInfo(new TypeError('x is not a function'))).toEqual({
      code: 'internal',
      message: 'x is not a function',
    });
    expect(toErrorInfo(Object.assign(new Error('odd'), { code: 'ENOENT' }))).toEqual({
      code: 'internal',
      message: 'odd',
    });
    expect(toErrorInfo('plain string')).toEqual({ code: 'internal', message: 'plain string' });
  });
});
