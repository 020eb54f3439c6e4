import { describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../../lib/core/to-error-info';
import { isErrorCode } from '../../../lib/core/error-code';
import { ProviderError } from '../../../lib/providers/provider-error';
import { RetrievalError } from '../../../lib/retrieval/retrieval-error';
import { UserFacingError } from '../../../lib/messaging/user-facing-error';
import { RemoteError } from '../../../lib/messaging/remote-error';
import { ToolError } from '../../../lib/tools/tool-error';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { exportedMessageSchema } from '../../../lib/background/data-transfer/export-file-schema';
import type { ErrorInfo } from '../../../lib/core/error-info';

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
    // A retrieval failure that came back from the offscreen document as a RemoteError keeps the engine's code.
    const remote = new RemoteError({ code: 'embedding_failed', message: 'The embedder stopped' });
    expect(toErrorInfo(remote)).toEqual({ code: 'embedding_failed', message: 'The embedder stopped' });
  });

  it('gives a tool failure, which has no code of its own, a code from the union and keeps its message', () => {
    const info = toErrorInfo(new ToolError('The page was closed', { outcome: 'page-gone' }));
    expect(info).toEqual({ code: 'internal', message: 'The page was closed' });
    expect(isErrorCode(info.code)).toBe(true);
  });

  it('reads plain data the same way: a run cap, and an error posted by a worker', () => {
    expect(toErrorInfo({ code: 'token_budget', message: 'The run used its token budget' })).toEqual({
      code: 'token_budget',
      message: 'The run used its token budget',
    });
    expect(toErrorInfo({ code: 'model_load_failed', message: 'no model', status: 404 })).toEqual({
      code: 'model_load_failed',
      message: 'no model',
      status: 404,
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

/** What an older version stored: a class name where the code goes. */
const OLD = { code: 'RetrievalError', message: 'The index is damaged' } as unknown as ErrorInfo;

describe('errors stored by an older version', () => {
  it('a journaled run, step and fallback with an unknown code read back with a known one, messages kept', async () => {
    const journal = createMemoryRunJournal();
    await journal.write({
      run: {
        id: 'r1',
        conversationId: 'c',
        messageId: 'm',
        model: { provider: 'p', modelId: 'x' },
        settings: {},
        status: 'finished',
        finishReason: 'error',
        error: OLD,
        createdAt: 1,
        updatedAt: 1,
      },
      runInput: { runId: 'r1', messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }] },
      steps: [
        {
          runId: 'r1',
          index: 0,
          status: 'done',
          toolCallIds: [],
          startedAt: 1,
          error: { code: 'ProviderError', message: 'Rate limited', status: 429 } as unknown as ErrorInfo,
          fellBack: { notice: 'moved', error: OLD, to: { provider: 'q', modelId: 'y' } },
        },
      ],
    });
    const snapshot = (await journal.read('r1'))!;
    expect(snapshot.run.error).toEqual({ code: 'internal', message: 'The index is damaged' });
    expect(snapshot.steps[0]!.error).toEqual({ code: 'internal', message: 'Rate limited', status: 429 });
    expect(snapshot.steps[0]!.fellBack?.error).toEqual({ code: 'internal', message: 'The index is damaged' });
  });

  it('an exported answer with an unknown code imports with a known one; a known code stays', () => {
    const message = {
      id: 'm1',
      conversationId: 'c1',
      role: 'assistant',
      text: '',
      status: 'error',
      createdAt: 1,
      error: { code: 'SomeOldError', message: 'It broke' },
      otherVersions: [{ text: 'x', status: 'error', error: { code: 'token_budget', message: 'Budget used' } }],
    };
    const parsed = exportedMessageSchema.parse(message);
    expect(parsed.error).toEqual({ code: 'internal', message: 'It broke' });
    expect(parsed.otherVersions?.[0]?.error).toEqual({ code: 'token_budget', message: 'Budget used' });
  });
});
