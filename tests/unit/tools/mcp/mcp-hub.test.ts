import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHub, type McpHub } from '../../../../lib/tools/mcp/mcp-hub';
import { createMemoryMcpServerStore } from '../../../../lib/tools/mcp/mcp-server-store';
import { createToolRegistry, type ToolRegistry } from '../../../../lib/tools/tool-registry';
import { ToolError } from '../../../../lib/tools/tool-error';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { startFakeMcp, type FakeMcp } from '../../../fake-mcp/start-fake-mcp';

let streamable: FakeMcp;
let sseOnly: FakeMcp;
let guarded: FakeMcp;
beforeAll(async () => {
  [streamable, sseOnly, guarded] = await Promise.all([
    startFakeMcp({ hostileTools: true }),
    startFakeMcp({ sse: true }),
    startFakeMcp({ token: 's3cret-token' }),
  ]);
});
afterAll(async () => {
  await Promise.all([streamable.close(), sseOnly.close(), guarded.close()]);
});

let n = 0;
function setup(): { hub: McpHub; registry: ToolRegistry } {
  const hub = createMcpHub({ store: createMemoryMcpServerStore(), now: () => 1, generateId: () => `id-${++n}` });
  const registry = createToolRegistry([]);
  void hub.attach(registry);
  return { hub, registry };
}

const ctx = (signal = new AbortController().signal): ToolContext => ({
  runId: 'r',
  toolCallId: 't',
  signal,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
});
const run = async (
  registry: ToolRegistry,
  name: string,
  args: Record<string, unknown> = {},
  signal = AbortSignal.timeout(20_000),
) => {
  const tool = registry.get(name);
  if (!tool) throw new Error(`no tool ${name}; have ${registry.names().join(', ')}`);
  try {
    return { ok: true, text: String(await tool.execute(args, { ...ctx(), signal })) };
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return { ok: false, text: error.message, detail: error.untrustedDetail };
  }
};

describe('MCP hub against a real SDK server', () => {
  it('connects over Streamable HTTP, lists tools with namespaced names and skips a too-large schema with a reason', async () => {
    const { hub, registry } = setup();
    const view = await hub.save({ name: 'fake', url: streamable.url });
    expect(view.status).toMatchObject({ state: 'connected', transport: 'streamable-http' });
    expect(registry.names()).toContain('mcp__fake__echo');
    expect(registry.names()).not.toContain('mcp__fake__big_schema');
    expect(view.tools.find((t) => t.name === 'big_schema')?.problem).toMatch(/too large/);
    expect(view.resources.map((r) => r.uri)).toEqual(['notes://today']);
    expect(view.prompts.map((p) => p.name)).toEqual(['summarise']);
    expect(await run(registry, 'mcp__fake__echo', { text: 'hi' })).toEqual({ ok: true, text: 'echo: hi' });
  });

  it('falls back to SSE for an SSE-only server', async () => {
    const { hub, registry } = setup();
    const view = await hub.save({ name: 'old', url: sseOnly.url });
    expect(view.status).toMatchObject({ state: 'connected', transport: 'sse' });
    expect(await run(registry, 'mcp__old__add', { a: 2, b: 3 })).toEqual({ ok: true, text: '5' });
  });

  it('says auth failed without a token, and sends the bearer token when it is set', async () => {
    const { hub, registry } = setup();
    const bad = await hub.save({ name: 'locked', url: guarded.url });
    expect(bad.status).toMatchObject({ state: 'auth-failed' });
    expect(bad.tools).toEqual([]);
    const good = await hub.save({ id: bad.id, name: 'locked', url: guarded.url, bearerToken: 's3cret-token' });
    expect(good.status.state).toBe('connected');
    expect(good.headerNames).toEqual(['Authorization']);
    expect(JSON.stringify(good)).not.toContain('s3cret-token');
    expect(guarded.authorizations).toContain('Bearer s3cret-token');
    expect(await run(registry, 'mcp__locked__echo', { text: 'x' })).toMatchObject({ ok: true });
  });

  it('turns each fault into a clear tool error', async () => {
    const { hub, registry } = setup();
    const view = await hub.save({ name: 'f', url: streamable.url, timeoutMs: 1_000 });
    expect(view.status.state).toBe('connected');
    expect(await run(registry, 'mcp__f__fail')).toMatchObject({
      ok: false,
      text: expect.stringMatching(/reported a failure/),
      detail: expect.stringContaining('the widget is broken'),
    });
    expect(await run(registry, 'mcp__f__slow')).toMatchObject({
      ok: false,
      text: expect.stringMatching(/did not answer within 1 s/),
    });
    expect(await run(registry, 'mcp__f__malformed')).toMatchObject({
      ok: false,
      text: expect.stringMatching(/not a valid MCP result/),
    });
    expect(await run(registry, 'mcp__f__bad_result')).toMatchObject({
      ok: false,
      text: expect.stringMatching(/not a valid MCP result/),
    });
    const huge = await run(registry, 'mcp__f__huge');
    expect(huge.ok).toBe(true);
    expect(huge.text.length).toBeLessThan(21_000);
    expect(huge.text).toMatch(/result cut: 500,000 characters/);
    expect(await run(registry, 'mcp__f__image')).toEqual({ ok: true, text: '[image omitted: image/png]\n\na chart' });
    // After every fault, the server is still usable (lazily reconnected where the connection was dropped).
    expect(await run(registry, 'mcp__f__echo', { text: 'still here' })).toEqual({ ok: true, text: 'echo: still here' });
  });

  it('a server that goes down is a clear tool error, and Settings says it is unreachable', async () => {
    const server = await startFakeMcp();
    const { hub, registry } = setup();
    await hub.save({ name: 'flaky', url: server.url, timeoutMs: 2_000 });
    await server.close();
    expect(await run(registry, 'mcp__flaky__echo', { text: 'a' })).toMatchObject({
      ok: false,
      text: expect.stringMatching(/flaky/),
    });
    expect(await run(registry, 'mcp__flaky__echo', { text: 'a' })).toMatchObject({
      ok: false,
      text: expect.stringMatching(/unreachable/),
    });
    // Settings shows it too, and the saved tools stay offered (the server may come back).
    await expect.poll(async () => (await hub.list())[0]!.status.state).toBe('unreachable');
    expect(registry.names()).toContain('mcp__flaky__echo');
  });

  it('follows notifications/tools/list_changed into the registry', async () => {
    const { hub, registry } = setup();
    await hub.save({ name: 'flipper', url: streamable.url });
    expect(registry.names()).not.toContain('mcp__flipper__fresh_tool');
    expect(await run(registry, 'mcp__flipper__flip')).toMatchObject({ ok: true, text: 'fresh_tool added' });
    await expect.poll(() => registry.names(), { timeout: 5_000 }).toContain('mcp__flipper__fresh_tool');
    await run(registry, 'mcp__flipper__flip');
    await expect.poll(() => registry.names(), { timeout: 5_000 }).not.toContain('mcp__flipper__fresh_tool');
  });

  it('policies: disabled tools leave the registry, Ask needs approval, Deny never reaches the server', async () => {
    const { hub, registry } = setup();
    const view = await hub.save({ name: 'p', url: streamable.url });
    expect(registry.get('mcp__p__echo')).toMatchObject({ needsApproval: true, alwaysAsk: true });
    expect(registry.get('mcp__p__echo')?.asksFor).toBeUndefined();
    await hub.setTool({ serverId: view.id, tool: 'echo', policy: 'allow' });
    // Allowed: still through approval (pin and data-flow checks), but not asked while the tool is as pinned.
    expect(registry.get('mcp__p__echo')?.needsApproval).toBe(true);
    expect(await registry.get('mcp__p__echo')?.asksFor?.({}, ctx())).toBe(false);
    // A destructive tool cannot be set to Allow.
    await expect(hub.setTool({ serverId: view.id, tool: 'wipe', policy: 'allow' })).rejects.toThrow(
      /cannot be set to Allow/,
    );
    await expect(hub.setTool({ serverId: view.id, tool: 'unmarked', policy: 'allow' })).rejects.toThrow(
      /cannot be set to Allow/,
    );
    await hub.setTool({ serverId: view.id, tool: 'add', policy: 'deny' });
    const before = streamable.state.calls.length;
    expect(await run(registry, 'mcp__p__add', { a: 1, b: 1 })).toMatchObject({
      ok: false,
      text: expect.stringMatching(/Deny/),
    });
    expect(streamable.state.calls.length).toBe(before);
    await hub.setTool({ serverId: view.id, tool: 'echo', enabled: false });
    expect(registry.get('mcp__p__echo')).toBeUndefined();
    await hub.remove(view.id);
    expect(registry.names().filter((x) => x.startsWith('mcp__p__'))).toEqual([]);
  });

  it('after a worker restart the saved tools are registered without network, and the first call lists again', async () => {
    const store = createMemoryMcpServerStore();
    const first = createMcpHub({ store, now: () => 1, generateId: () => 'restart-1' });
    await first.attach(createToolRegistry([]));
    await first.save({ name: 'again', url: streamable.url });
    // The list changes while no connection is open (no notification can arrive).
    streamable.state.flipped = true;
    try {
      const registry = createToolRegistry([]);
      const second = createMcpHub({
        store,
        now: () => 2,
        generateId: () => 'unused',
        connect: async () => {
          throw new Error('no network at start');
        },
      });
      await second.attach(registry);
      expect(registry.names()).toContain('mcp__again__echo');
      expect(registry.names()).not.toContain('mcp__again__fresh_tool');
      const third = createMcpHub({ store, now: () => 3, generateId: () => 'unused' });
      const live = createToolRegistry([]);
      await third.attach(live);
      expect(await run(live, 'mcp__again__echo', { text: 'wake' })).toEqual({ ok: true, text: 'echo: wake' });
      await expect.poll(() => live.names(), { timeout: 5_000 }).toContain('mcp__again__fresh_tool');
    } finally {
      streamable.state.flipped = false;
    }
  });

  it('pins the version allowed, persists it with the record, and a rug pull (list_changed) is asked again, after a restart too', async () => {
    const store = createMemoryMcpServerStore();
    const registry = createToolRegistry([]);
    const hub = createMcpHub({ store, now: () => 1, generateId: () => 'pin-1' });
    await hub.attach(registry);
    try {
      const view = await hub.save({ name: 'rugged', url: streamable.url });
      await hub.setTool({ serverId: view.id, tool: 'rug', policy: 'allow' });
      const pinned = (await store.get(view.id))!;
      expect(pinned.toolSettings.rug!.pin).toEqual({
        ...pinned.tools.find((x) => x.name === 'rug')!.fingerprint,
        description: 'Looks up the weather for a city.',
      });
      expect(await registry.get('mcp__rugged__rug')!.asksFor!({}, ctx())).toBe(false);
      // The first call runs (allowed, as pinned); the server then changes the tool and says so.
      expect(await run(registry, 'mcp__rugged__rug', { city: 'Oslo' })).toMatchObject({ ok: true });
      await expect
        .poll(async () => (await store.get(view.id))!.tools.find((x) => x.name === 'rug')!.description, {
          timeout: 5_000,
        })
        .toMatch(/saved passwords/);
      expect(await registry.get('mcp__rugged__rug')!.asksFor!({}, ctx())).toBe(true);
      const preview = await registry.get('mcp__rugged__rug')!.preview!({ city: 'Oslo' }, ctx());
      expect(preview).toContain('Description before: Looks up the weather for a city.');
      expect(preview).toMatch(/Description now: .*saved passwords/);
      expect(preview).toContain('Its hints (annotations');
      expect(preview).not.toMatch(/^Destructive/m);
      expect(preview).toMatch(/^Open world: /m);
      // A restarted worker reads the pin from the store: still asked.
      const after = createToolRegistry([]);
      await createMcpHub({
        store,
        now: () => 2,
        generateId: () => 'unused',
        connect: async () => {
          throw new Error('offline');
        },
      }).attach(after);
      expect(await after.get('mcp__rugged__rug')!.asksFor!({}, ctx())).toBe(true);
      expect((await store.get(view.id))!.toolSettings.rug!.pin!.description).toBe('Looks up the weather for a city.');
    } finally {
      streamable.state.pulled = [];
    }
  });

  it('a change made while no connection was open (the worker slept) is caught by listing before the first call', async () => {
    const store = createMemoryMcpServerStore();
    const first = createMcpHub({ store, now: () => 1, generateId: () => 'asleep-1' });
    await first.attach(createToolRegistry([]));
    const view = await first.save({ name: 'sleepy', url: streamable.url });
    await first.setTool({ serverId: view.id, tool: 'rug', policy: 'allow' });
    // The server changes the tool; new sessions list the new version, and nobody is connected to hear of it.
    streamable.state.pulled = ['rug'];
    try {
      const registry = createToolRegistry([]);
      await createMcpHub({ store, now: () => 2, generateId: () => 'unused' }).attach(registry);
      // The saved listing still matches the pin, so the card is skipped; the call itself lists first and refuses.
      expect(await registry.get('mcp__sleepy__rug')!.asksFor!({}, ctx())).toBe(false);
      const before = streamable.state.calls.filter((c) => c.tool === 'rug').length;
      expect(await run(registry, 'mcp__sleepy__rug', { city: 'Oslo' })).toMatchObject({
        ok: false,
        text: expect.stringMatching(/changed this tool/),
      });
      expect(streamable.state.calls.filter((c) => c.tool === 'rug').length).toBe(before);
      // The next call is asked, with the change on its card.
      expect(await registry.get('mcp__sleepy__rug')!.asksFor!({}, ctx())).toBe(true);
      expect(await registry.get('mcp__sleepy__rug')!.preview!({ city: 'Oslo' }, ctx())).toMatch(
        /Description now: .*saved passwords/,
      );
    } finally {
      streamable.state.pulled = [];
    }
  });

  it('a call that ran after its card pins the version approved (Ask policy too)', async () => {
    const store = createMemoryMcpServerStore();
    const registry = createToolRegistry([]);
    const hub = createMcpHub({ store, now: () => 1, generateId: () => 'pin-2' });
    await hub.attach(registry);
    const view = await hub.save({ name: 'asked', url: streamable.url });
    expect((await store.get(view.id))!.toolSettings.echo).toBeUndefined();
    expect(await run(registry, 'mcp__asked__echo', { text: 'a' })).toEqual({ ok: true, text: 'echo: a' });
    const record = (await store.get(view.id))!;
    expect(record.toolSettings.echo).toMatchObject({
      policy: 'ask',
      pin: { hash: record.tools.find((x) => x.name === 'echo')!.fingerprint!.hash },
    });
  });

  it('servers added in the same millisecond list in the order they were added, whatever their ids', async () => {
    const ids = ['z-server', 'm-server', 'a-server'];
    const hub = createMcpHub({
      store: createMemoryMcpServerStore(),
      now: () => 5,
      generateId: () => ids.shift()!,
      connect: async () => {
        throw new Error('offline');
      },
    });
    await hub.attach(createToolRegistry([]));
    for (const name of ['first', 'second', 'third']) await hub.save({ name, url: streamable.url });
    expect((await hub.list()).map((s) => s.name)).toEqual(['first', 'second', 'third']);
  });

  it('reads a resource, capped', async () => {
    const { hub } = setup();
    const view = await hub.save({ name: 'r', url: streamable.url });
    const res = await hub.readResource(view.id, 'notes://today');
    expect(res.text).toMatch(/^Meeting at 10\./);
    // The zero-width space and the tag characters the server put in are gone.
    expect(res.text).not.toMatch(/[\u200B\u{E0000}-\u{E007F}]/u);
    // A resource of 50,015 characters comes back cut to the cap, and says so.
    const injection = streamable.state.injection;
    streamable.state.injection = 'Old note. '.repeat(5_000);
    try {
      const big = await hub.readResource(view.id, 'notes://today');
      expect(big.text.startsWith('Meeting at 10. Old note. Old note.')).toBe(true);
      expect(big.text).toMatch(/\n\[result cut: 50,015 characters, only the first 20,000 shown\]$/);
      expect(big.text.length).toBeLessThan(20_100);
    } finally {
      streamable.state.injection = injection;
    }
    await expect(hub.readResource(view.id, 'notes://other')).rejects.toThrow(/no longer listed/);
  });
});
