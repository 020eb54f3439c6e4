import { describe, expect, it } from 'vitest';
import { createSender } from '../../../lib/messaging/create-sender';
import type { Handlers } from '../../../lib/messaging/dispatch';
import { RemoteError } from '../../../lib/messaging/remote-error';
import { serve, type MessageEvent, type MessageListener } from '../../../lib/messaging/serve';
import { RetrievalError } from '../../../lib/retrieval/retrieval-error';
import { contentSender, pageSender, self, testProtocol, validators, type TestRoutes } from './fixtures';

/** Chrome serialises runtime messages as JSON (undefined fields vanish). */
const viaJson = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

/** chrome.runtime.onMessage as it behaves: every listener hears the message; the first to answer wins. */
function fakeOnMessage<S>() {
  const listeners = new Set<MessageListener<S>>();
  const event: MessageEvent<S> = {
    addListener: (l) => void listeners.add(l),
    removeListener: (l) => void listeners.delete(l),
  };
  const deliver = (raw: unknown, sender: S) =>
    new Promise<unknown>((resolve) => {
      let open = false;
      for (const l of listeners) open = l(viaJson(raw), sender, (reply) => resolve(viaJson(reply))) || open;
      if (!open) resolve(undefined);
    });
  return { event, deliver, listeners };
}

describe('a protocol end to end', () => {
  const handlers: Handlers<TestRoutes> = {
    greet: ({ name }) => `hello ${name}`,
    later: async () => {},
    ping: ({ n }) => {
      if (n < 0) throw new RetrievalError('invalid_input', 'n must not be negative');
      return n + 1;
    },
  };

  it('carries a value there and back, and a handler error with its code', async () => {
    const onMessage = fakeOnMessage<object>();
    serve(testProtocol, { validators, handlers, from: 'extension-page', self }, onMessage.event);
    const send = createSender(testProtocol, { post: (m) => onMessage.deliver(m, pageSender) });
    expect(await send('greet', { name: 'Ada' })).toBe('hello Ada');
    expect(
      await createSender(testProtocol, { post: (m) => onMessage.deliver(m, pageSender) })('later', {}),
    ).toBeUndefined();
    const error = await send('ping', { n: -1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ code: 'invalid_input', message: 'n must not be negative' });
  });

  it('refuses a content script calling an extension-page protocol', async () => {
    const onMessage = fakeOnMessage<object>();
    serve(testProtocol, { validators, handlers, from: 'extension-page', self }, onMessage.event);
    const send = createSender(testProtocol, { post: (m) => onMessage.deliver(m, contentSender) });
    await expect(send('greet', { name: 'Ada' })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('lets other messages pass to other listeners, and stops serving when asked', async () => {
    const onMessage = fakeOnMessage<object>();
    const stop = serve(testProtocol, { validators, handlers, from: 'extension-page', self }, onMessage.event);
    expect(
      await onMessage.deliver({ tabwise: 'offscreen', name: 'greet', data: { name: 'Ada' } }, pageSender),
    ).toBeUndefined();
    stop();
    expect(onMessage.listeners.size).toBe(0);
    await expect(
      createSender(testProtocol, { post: (m) => onMessage.deliver(m, pageSender) })('greet', { name: 'Ada' }),
    ).rejects.toMatchObject({ code: 'no_reply' });
  });
});
