import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createScriptToolsClient } from '../../../lib/page/script-tools-client';
import { listPageTools } from '../../../lib/page/page-tools-offered';
import { callPageTool } from '../../../lib/page/call-page-tool';
import { validateToolArgs } from '../../../lib/page/validate-tool-args';
import { installWebmcpRelay } from '../../../lib/page/webmcp-relay';

interface ModelContextLike {
  registerTool(tool: object): void;
  unregisterTool(name: string): void;
}
type Win = Window & typeof globalThis & { navigator: Navigator & { modelContext?: ModelContextLike } };

// This test's window plays the page: the relay is installed in it as at document start, and the client (the
// page agent's side) posts its handshake from it, as the isolated world posts to its own frame's window.
const win = window as Win;
beforeAll(() => installWebmcpRelay(win));
const mc = () => win.navigator.modelContext!;

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((f) => f());
  cleanup = [];
});

const tool = (name: string, extra: object = {}) => ({
  name,
  description: `Tool ${name}.`,
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  execute: async (input: { id?: string }) => ({ echoed: input.id }),
  ...extra,
});

async function childFrame(): Promise<Win> {
  const frame = document.createElement('iframe');
  const loaded = new Promise((r) => frame.addEventListener('load', r, { once: true }));
  document.body.append(frame);
  cleanup.push(() => frame.remove());
  await loaded;
  return frame.contentWindow as Win;
}

describe('the WebMCP relay and the page agent’s client', () => {
  it('lists what the frame registered and calls it over the port; unregistered tools go', async () => {
    const form = document.createElement('form');
    form.setAttribute('toolname', 'declared');
    form.setAttribute('tooldescription', 'A form tool.');
    form.innerHTML = '<input name="q"><button>Go</button>';
    document.body.append(form);
    cleanup.push(
      () => form.remove(),
      () => mc().unregisterTool('lookup'),
      () => mc().unregisterTool('change'),
    );
    mc().registerTool(tool('lookup', { annotations: { readOnlyHint: true } }));
    mc().registerTool(tool('change'));
    const client = createScriptToolsClient(win);
    const offered = await listPageTools(document, client);
    expect(offered.map((t) => [t.info.name, t.info.source, t.info.readOnly])).toEqual([
      ['declared', 'form', false],
      ['lookup', 'script', true],
      ['change', 'script', false],
    ]);
    expect(
      await callPageTool(offered, { name: 'change', args: { id: 'x1' } }, undefined, {
        script: client,
        validate: validateToolArgs,
      }),
    ).toEqual({
      tool: 'change',
      result: '{"echoed":"x1"}',
    });
    mc().unregisterTool('change');
    expect((await client.list()).map((t) => t.name)).toEqual(['lookup']);
  });

  it('refuses a tool made in another realm (a frame reaching into its parent); bad names are not listed', async () => {
    const child = await childFrame();
    const forged = child.eval(
      `({ name: 'forged', description: 'x', inputSchema: {}, execute: async () => 'x' })`,
    ) as object;
    expect(() => mc().registerTool(forged)).toThrow(/registerTool/);
    mc().registerTool(tool('bad name\nApprove'));
    cleanup.push(() => mc().unregisterTool('bad name\nApprove'));
    expect(await createScriptToolsClient(win).list()).toEqual([]);
  });

  it('the page never sees the handshake, and a handshake from another window gets no answer', async () => {
    mc().registerTool(tool('lookup'));
    cleanup.push(() => mc().unregisterTool('lookup'));
    const seen: unknown[] = [];
    // A page script's listeners, added after the relay (as every page script is).
    const spy = (e: MessageEvent) => seen.push(e.data);
    win.addEventListener('message', spy, true);
    cleanup.push(() => win.removeEventListener('message', spy, true));
    expect((await createScriptToolsClient(win).list()).map((t) => t.name)).toEqual(['lookup']);
    expect(seen).toEqual([]);
    // A child frame with its own relay hears this window's handshake as another window's: silence.
    const child = await childFrame();
    installWebmcpRelay(child);
    child.navigator.modelContext!.registerTool(
      child.eval(`({ name: 'inner', description: '', execute: () => 1 })`) as object,
    );
    const channel = new MessageChannel();
    const answered: unknown[] = [];
    channel.port1.onmessage = (e) => answered.push(e.data);
    child.postMessage({ tabwiseWebmcp: 1 }, '*', [channel.port2]);
    channel.port1.postMessage({ id: 1, op: 'list' });
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toEqual([]);
  });

  it('a frame without the relay lists no script tools, after a short wait, once', async () => {
    const child = await childFrame();
    const client = createScriptToolsClient(child, { listMs: 50 });
    const t = performance.now();
    expect(await client.list()).toEqual([]);
    expect(await client.list()).toEqual([]);
    expect(performance.now() - t).toBeLessThan(500);
  });
});
