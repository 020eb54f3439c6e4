import { describe, expect, it } from 'vitest';
import { createSender } from '../../../../lib/messaging/create-sender';
import type { SenderInfo } from '../../../../lib/messaging/sender-is';
import { serveOffscreenEngine } from '../../../../lib/retrieval/engine/serve-offscreen-engine';
import { offscreenProtocol } from '../../../../lib/retrieval/offscreen-protocol';
import {
  contentScriptSender,
  extensionId,
  fakeEngine,
  fakeRuntime,
  model,
  optionsPageSender,
  workerSender,
} from '../offscreen-fakes';

/** The document serving a fake engine, and a sender posting to it as `from`. */
function served(from: SenderInfo, engine = fakeEngine()) {
  const runtime = fakeRuntime();
  const stop = serveOffscreenEngine(engine, runtime);
  return { runtime, stop, send: createSender(offscreenProtocol, { post: (m) => runtime.deliver(m, from) }) };
}

describe('serveOffscreenEngine', () => {
  it("answers the worker with the handler's value, its input validated and normalised", async () => {
    let target: unknown;
    const { send } = served(
      workerSender,
      fakeEngine({
        delete: async (r) => {
          target = r.target;
          return { chunks: 3, urls: ['https://a.test/'] };
        },
      }),
    );
    expect(await send('delete', { model, target: { kind: 'domain', domain: ' A.Test ' } })).toEqual({
      chunks: 3,
      urls: ['https://a.test/'],
    });
    expect(target).toEqual({ kind: 'domain', domain: 'a.test' });
  });

  it("refuses anyone but the extension's own service worker", async () => {
    const strangers: SenderInfo[] = [
      optionsPageSender,
      contentScriptSender,
      { ...workerSender, id: 'other-extension' },
      { id: extensionId, url: `chrome-extension://${extensionId}/offscreen.html`, documentId: 'doc-3' },
    ];
    for (const sender of strangers)
      await expect(served(sender).send('stats', { model }), JSON.stringify(sender)).rejects.toMatchObject({
        name: 'RemoteError',
        code: 'forbidden',
      });
  });

  it('answers malformed input with invalid, before any handler runs', async () => {
    let ran = false;
    const { runtime } = served(workerSender, fakeEngine({ ingest: async () => ((ran = true), { indexed: [] }) }));
    const reply = await runtime.deliver(
      { tabwise: 'offscreen', name: 'ingest', data: { model, pages: [] } },
      workerSender,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(
      await runtime.deliver({ tabwise: 'offscreen', name: 'handle', data: { model } }, workerSender),
    ).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(ran).toBe(false);
  });

  it("lets other protocols' messages pass, and stops serving when asked", async () => {
    const { runtime, stop } = served(workerSender);
    expect(
      await runtime.deliver({ tabwise: 'background', name: 'stats', data: { model } }, workerSender),
    ).toBeUndefined();
    expect(
      await runtime.deliver({ target: 'tabwise-offscreen', request: { type: 'stats', model } }, workerSender),
    ).toBeUndefined();
    stop();
    expect(runtime.listeners.size).toBe(0);
  });
});
