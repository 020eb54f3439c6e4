import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../lib/messaging/dispatch';
import { ProviderError } from '../../../lib/providers/provider-error';
import { RetrievalError } from '../../../lib/retrieval/retrieval-error';
import { contentSender, pageSender, self, testProtocol, validators, type TestRoutes } from './fixtures';

const handlers: Handlers<TestRoutes> = {
  greet: ({ name, times }) => `hello ${name}`.repeat(times),
  ping: async ({ n }) => n + 1,
};
const serveOptions = { validators, handlers, from: 'extension-page' as const, self };
const call = (raw: unknown, sender: object = pageSender, h: Handlers<TestRoutes> = handlers) =>
  dispatch(testProtocol, raw, sender, { ...serveOptions, handlers: h });

describe('dispatch', () => {
  it('answers a valid request with its handler value, parsed by the schema (trimmed, defaults filled)', async () => {
    expect(await call({ tabwise: 'background', name: 'greet', data: { name: '  Ada ' } })).toEqual({
      ok: true,
      value: 'hello Ada',
    });
    expect(await call({ tabwise: 'background', name: 'ping', data: { n: 41 } })).toEqual({ ok: true, value: 42 });
  });

  it('leaves messages of other protocols (and non-messages) to other listeners', async () => {
    for (const raw of [
      { tabwise: 'offscreen', name: 'greet', data: {} },
      { tabwise: 1, name: 'greet' },
      { type: 'tabwise-capture' },
      'greet',
      null,
      undefined,
    ]) {
      expect(await call(raw)).toBeUndefined();
    }
  });

  it('refuses a wrong sender before looking at the request', async () => {
    const refused = { ok: false, error: { code: 'forbidden', message: 'Not allowed from this sender.' } };
    expect(await call({ tabwise: 'background', name: 'greet', data: { name: 'Ada' } }, contentSender)).toEqual(refused);
    expect(
      await call(
        { tabwise: 'background', name: 'greet', data: { name: 'Ada' } },
        { ...pageSender, id: 'other-extension' },
      ),
    ).toEqual(refused);
    expect(await call({ tabwise: 'background', name: 'nope' }, {})).toEqual(refused);
  });

  it('refuses a malformed request with a typed error', async () => {
    expect(await call({ tabwise: 'background', data: {} })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Malformed message.' },
    });
    expect(await call({ tabwise: 'background', name: 'greet', data: { name: '  ' } })).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'Say who to greet' },
    });
    expect(await call({ tabwise: 'background', name: 'greet', data: { name: 'Ada', times: 1.5 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(await call({ tabwise: 'background', name: 'ping', data: { n: 'one' } })).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'Expected { n }' },
    });
  });

  it('refuses an unknown request name, inherited object keys included', async () => {
    for (const name of ['nope', 'toString', '__proto__', 'constructor']) {
      expect(await call({ tabwise: 'background', name, data: {} })).toEqual({
        ok: false,
        error: { code: 'bad_request', message: `Unknown request "${name}".` },
      });
    }
  });

  it('says when a known request has no handler here', async () => {
    expect(await call({ tabwise: 'background', name: 'later', data: {} })).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'No handler for "later".' },
    });
  });

  it('carries a thrown error with its code and status; anything else is internal', async () => {
    const throwing = (error: unknown): Handlers<TestRoutes> => ({ ping: () => Promise.reject(error) });
    const ping = { tabwise: 'background', name: 'ping', data: { n: 1 } };
    const userFacing = Object.assign(new Error('That conversation no longer exists.'), { code: 'not_found' });
    expect(await call(ping, pageSender, throwing(userFacing))).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That conversation no longer exists.' },
    });
    expect(
      await call(ping, pageSender, throwing(new RetrievalError('model_download_failed', 'hub unreachable'))),
    ).toEqual({ ok: false, error: { code: 'model_download_failed', message: 'hub unreachable' } });
    expect(
      await call(ping, pageSender, throwing(new ProviderError({ code: 'auth', status: 401, message: 'bad key' }))),
    ).toEqual({ ok: false, error: { code: 'auth', message: 'bad key', status: 401 } });
    expect(await call(ping, pageSender, throwing(Object.assign(new Error('disk'), { code: 'ENOSPC' })))).toEqual({
      ok: false,
      error: { code: 'internal', message: 'disk' },
    });
    expect(await call(ping, pageSender, throwing('plain string'))).toEqual({
      ok: false,
      error: { code: 'internal', message: 'plain string' },
    });
  });

  it('gives the handler the sender', async () => {
    let seen: unknown;
    await call({ tabwise: 'background', name: 'ping', data: { n: 1 } }, pageSender, {
      ping: ({ n }, { sender }) => ((seen = sender), n),
    });
    expect(seen).toBe(pageSender);
  });
});
