import { describe, expect, expectTypeOf, it } from 'vitest';
import { isErrorCode, type ErrorCode } from '../../../lib/core/error-code';
import type { ProviderErrorCode } from '../../../lib/providers/provider-error';
import type { RetrievalErrorCode } from '../../../lib/retrieval/retrieval-error';

describe('ErrorCode', () => {
  it('holds every code the providers and the retrieval engine throw', () => {
    expectTypeOf<ProviderErrorCode>().toExtend<ErrorCode>();
    expectTypeOf<RetrievalErrorCode>().toExtend<ErrorCode>();
  });

  it('holds the codes the background handlers throw as UserFacingError', () => {
    for (const code of ['not_found', 'busy', 'invalid', 'no_provider', 'page_gone', 'page_changed'])
      expect(isErrorCode(code)).toBe(true);
    for (const code of ['ENOENT', '', 'Error', 1, undefined]) expect(isErrorCode(code)).toBe(false);
  });
});
