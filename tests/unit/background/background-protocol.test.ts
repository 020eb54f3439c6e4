import { describe, expect, expectTypeOf, it } from 'vitest';
import { dispatch } from '../../../lib/messaging/dispatch';
import type { InputOf, OutputOf } from '../../../lib/messaging/define-protocol';
import { backgroundProtocol, type BackgroundRoutes } from '../../../lib/background/protocol';
import { requestSchemas } from '../../../lib/background/request-schemas';
import type { ProviderView } from '../../../lib/core/provider-record';

const self = { id: 'ext', origin: 'chrome-extension://ext/' };
const options = { id: 'ext', url: 'chrome-extension://ext/options.html' };
const draft = { kind: 'openai', name: 'Mine', baseUrl: '', model: 'gpt-x', apiKey: 'sk-1' } as const;
const serveOptions = {
  validators: requestSchemas,
  handlers: {
    'providers.save': async (p: { name: string }) => ({ id: 'p1', name: p.name }) as unknown as ProviderView,
  },
  from: 'extension-page' as const,
  self,
};

describe('the background protocol', () => {
  it('types each request and reply from its schema and response map', () => {
    expectTypeOf<OutputOf<BackgroundRoutes, 'providers.list'>>().toEqualTypeOf<ProviderView[]>();
    expectTypeOf<InputOf<BackgroundRoutes, 'conversations.get'>>().toEqualTypeOf<{ id: string }>();
  });

  it('serves the pages with their validation messages, and refuses content scripts', async () => {
    const msg = (data: unknown) => ({ tabwise: 'background', name: 'providers.save', data });
    expect(await dispatch(backgroundProtocol, msg({ ...draft, name: '  Mine ' }), options, serveOptions)).toEqual({
      ok: true,
      value: { id: 'p1', name: 'Mine' },
    });
    expect(await dispatch(backgroundProtocol, msg({ ...draft, name: ' ' }), options, serveOptions)).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'Give the provider a name' },
    });
    expect(
      await dispatch(backgroundProtocol, msg(draft), { id: 'ext', url: 'https://example.com/', tab: {} }, serveOptions),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(
      await dispatch(backgroundProtocol, { tabwise: 1, name: 'providers.save', data: draft }, options, serveOptions),
    ).toBeUndefined();
  });
});
