import { describe, expect, expectTypeOf, it } from 'vitest';
import { createSender, type Post } from '../../../lib/messaging/create-sender';
import { RemoteError } from '../../../lib/messaging/remote-error';
import type { RetryPolicy } from '../../../lib/messaging/retry-policy';
import { guard } from '../../../lib/messaging/validator';
import type { WireMessage } from '../../../lib/messaging/wire-message';
import { testProtocol } from './fixtures';

const NO_RECEIVER = 'Could not establish connection. Receiving end does not exist.';

/** A post that answers from a script, one entry per try, and records what it was sent. */
function scripted(...replies: Array<unknown | Error>) {
  const sent: WireMessage[] = [];
  const post: Post = async (message) => {
    sent.push(message);
    const next = replies.length > 1 ? replies.shift() : replies[0];
    if (next instanceof Error) throw next;
    return next;
  };
  return { post, sent };
}

/** Records the waits instead of waiting. */
function recordedSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('should have failed'),
    (e: unknown) => e as RemoteError,
  );

describe('createSender', () => {
  it('sends the marker, name and input, and resolves with the typed value', async () => {
    const { post, sent } = scripted({ ok: true, value: 'hello Ada' });
    const send = createSender(testProtocol, { post });
    const reply = await send('greet', { name: 'Ada' });
    expectTypeOf(reply).toEqualTypeOf<string>();
    expect(reply).toBe('hello Ada');
    expect(sent).toEqual([{ tabwise: 'background', name: 'greet', data: { name: 'Ada' } }]);
    // @ts-expect-error: the input is checked against the route at compile time
    void send('ping', { n: 'one' }).catch(() => {});
  });

  it('throws the receiver error as a RemoteError with its code, and does not retry it', async () => {
    const { post, sent } = scripted({ ok: false, error: { code: 'not_found', message: 'gone' } });
    const { sleep, waits } = recordedSleep();
    const error = await failure(
      createSender(testProtocol, { post, sleep, retry: { delaysMs: [1, 1], retryOn: () => true } })('ping', { n: 1 }),
    );
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ name: 'RemoteError', code: 'not_found', message: 'gone' });
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('reports a malformed reply as bad_reply', async () => {
    for (const reply of [
      { res: 1 },
      { ok: 'yes', value: 1 },
      { ok: false, error: { code: 'made_up', message: 'x' } },
      { ok: false, error: 'x' },
      42,
      'ok',
    ]) {
      const error = await failure(createSender(testProtocol, { post: scripted(reply).post })('ping', { n: 1 }));
      expect(error).toMatchObject({ code: 'bad_reply', message: 'Malformed reply to "ping".' });
    }
  });

  it('takes a void reply as JSON delivers it (no value field)', async () => {
    expect(await createSender(testProtocol, { post: scripted({ ok: true }).post })('later', {})).toBeUndefined();
  });

  it('checks reply values it was given a validator for (an untrusted receiver)', async () => {
    const replies = { ping: guard((v: unknown): v is number => typeof v === 'number' && v >= 0, 'Expected a count') };
    const good = createSender(testProtocol, { post: scripted({ ok: true, value: 3 }).post, replies });
    expect(await good('ping', { n: 1 })).toBe(3);
    const bad = createSender(testProtocol, { post: scripted({ ok: true, value: 'three' }).post, replies });
    expect(await failure(bad('ping', { n: 1 }))).toMatchObject({
      code: 'bad_reply',
      message: 'Malformed reply to "ping": Expected a count',
    });
    // Routes without a validator are not checked.
    expect(
      await createSender(testProtocol, { post: scripted({ ok: true, value: 'hi' }).post, replies })('greet', {
        name: 'Ada',
      }),
    ).toBe('hi');
  });

  it('reports no answer at all as no_reply', async () => {
    const error = await failure(createSender(testProtocol, { post: scripted(undefined).post })('ping', { n: 1 }));
    expect(error).toMatchObject({ code: 'no_reply', message: 'No answer to "ping".' });
  });

  it('does not retry by default', async () => {
    const { post, sent } = scripted(new Error(NO_RECEIVER));
    const error = await failure(createSender(testProtocol, { post })('ping', { n: 1 }));
    expect(error).toMatchObject({ code: 'no_receiver', message: NO_RECEIVER });
    expect(sent).toHaveLength(1);
  });

  it('retries a missing receiver per the policy, then fails with no_receiver', async () => {
    const { post, sent } = scripted(new Error(NO_RECEIVER));
    const { sleep, waits } = recordedSleep();
    const error = await failure(
      createSender(testProtocol, { post, sleep, retry: { delaysMs: [500, 2000, 5000] } })('ping', { n: 1 }),
    );
    expect(error).toMatchObject({ code: 'no_receiver', message: NO_RECEIVER });
    expect(error.cause).toBeInstanceOf(Error);
    expect(sent).toHaveLength(4);
    expect(waits).toEqual([500, 2000, 5000]);
  });

  it('succeeds once the receiver exists, after running the hook before each retry', async () => {
    const { post, sent } = scripted(new Error(NO_RECEIVER), new Error(NO_RECEIVER), { ok: true, value: 2 });
    const { sleep, waits } = recordedSleep();
    const injected: number[] = [];
    const retry: RetryPolicy = {
      delaysMs: [100, 100, 100, 100],
      beforeRetry: async (_f, attempt) => void injected.push(attempt),
    };
    expect(await createSender(testProtocol, { post, sleep, retry })('ping', { n: 1 })).toBe(2);
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([100, 100]);
    expect(injected).toEqual([1, 2]);
  });

  it('fails with the failure code and the hook message when the hook fails', async () => {
    const { post, sent } = scripted(new Error(NO_RECEIVER));
    const retry: RetryPolicy = {
      delaysMs: [0],
      beforeRetry: () => Promise.reject(new Error('Cannot access a chrome:// URL')),
    };
    const error = await failure(
      createSender(testProtocol, { post, retry, sleep: recordedSleep().sleep })('ping', { n: 1 }),
    );
    expect(error).toMatchObject({ code: 'no_receiver', message: 'Cannot access a chrome:// URL' });
    expect(sent).toHaveLength(1);
  });

  it('retries only what retryOn accepts, and classifies a receiver that went away', async () => {
    const gone = new Error(
      'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
    );
    const { post, sent } = scripted(gone);
    const error = await failure(
      createSender(testProtocol, { post, sleep: recordedSleep().sleep, retry: { delaysMs: [1, 1] } })('ping', { n: 1 }),
    );
    expect(error.code).toBe('receiver_gone');
    expect(sent).toHaveLength(1);
    const again = scripted(gone, { ok: true, value: 5 });
    expect(
      await createSender(testProtocol, {
        post: again.post,
        sleep: recordedSleep().sleep,
        retry: { delaysMs: [1], retryOn: () => true },
      })('ping', { n: 1 }),
    ).toBe(5);
  });

  it('stops retrying when the message no longer matters or the signal aborts', async () => {
    const { post, sent } = scripted(new Error(NO_RECEIVER));
    let wanted = true;
    const sleep = async () => void (wanted = false);
    const error = await failure(
      createSender(testProtocol, { post, sleep, retry: { delaysMs: [1, 1, 1], still: () => wanted } })('ping', {
        n: 1,
      }),
    );
    expect(error.code).toBe('no_receiver');
    expect(sent).toHaveLength(1);

    const aborted = scripted(new Error(NO_RECEIVER));
    const controller = new AbortController();
    const pending = failure(
      createSender(testProtocol, { post: aborted.post, retry: { delaysMs: [60_000] } })(
        'ping',
        { n: 1 },
        { signal: controller.signal },
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect((await pending).code).toBe('no_receiver');
    expect(aborted.sent).toHaveLength(1);
  });
});
