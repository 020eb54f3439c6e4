import { describe, expect, it, vi } from 'vitest';
import { createChatService, UserFacingError } from '../../../lib/background/chat-service';
import type { PanelMessage } from '../../../lib/messaging/panel-port';
import { ProviderError } from '../../../lib/providers/provider-error';
import type { ChatModel } from '../../../lib/providers/chat-model';
import { createMemoryConversationStore } from './memory-conversation-store';
import { createScriptedModel, finish, text } from './scripted-model';

function setup(model: ChatModel | (() => never)) {
  const store = createMemoryConversationStore();
  let clock = 1_000;
  let n = 0;
  const service = createChatService({
    store,
    now: () => clock,
    generateId: () => `id${++n}`,
    systemPrompt: () => 'SYSTEM',
    resolveModel: async () => (typeof model === 'function' ? model() : { model, label: 'Test · scripted' }),
  });
  const received: PanelMessage[] = [];
  const port = { postMessage: (m: PanelMessage) => void received.push(m) };
  const advance = (ms: number) => (clock += ms);
  const finished = () => vi.waitFor(() => expect(received.some((m) => m.type === 'event' && m.event.type === 'run-finish')).toBe(true));
  return { store, service, port, received, advance, finished };
}

const events = (received: PanelMessage[]) => received.flatMap((m) => (m.type === 'event' ? [m.event] : []));

describe('chat service', () => {
  it('a first message creates a conversation, streams the answer, and stores both messages', async () => {
    const model = createScriptedModel([text('Hello '), text('there'), finish()]);
    const t = setup(model);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: '  Hi!  ', clientId: 'u1' });
    await t.finished();
    const created = t.received.find((m) => m.type === 'conversation-created');
    expect(created).toMatchObject({ conversation: { title: 'Hi!' }, clientId: 'u1' });
    const cid = (created as { conversation: { id: string } }).conversation.id;
    const stored = await t.store.listMessages(cid);
    expect(stored.map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'Hi!', 'complete'],
      ['assistant', 'Hello there', 'complete'],
    ]);
    expect(stored[1]!.usage).toEqual({ inputTokens: 1, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 });
    expect(events(t.received).map((e) => e.type)).toEqual(['run-start', 'text-delta', 'text-delta', 'usage', 'run-finish']);
    expect(model.calls[0]).toEqual({ system: 'SYSTEM', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi!' }] }] });
  });

  it('sends the history the user saw, leaving out failed answers', async () => {
    const model = createScriptedModel([{ throw: new ProviderError({ code: 'server', status: 500, message: 'boom' }) }], [text('second'), finish()]);
    const t = setup(model);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'one', clientId: 'u1' });
    await t.finished();
    const cid = (t.received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
    t.received.length = 0;
    await t.service.handle(t.port, { type: 'send', conversationId: cid, text: 'two', clientId: 'u2' });
    await t.finished();
    expect(model.calls[1]!.messages.map((m) => [m.role, (m.content[0] as { text: string }).text])).toEqual([
      ['user', 'one'],
      ['user', 'two'],
    ]);
  });

  it('an error before any text is stored as an error, not as an answer; retry replaces it', async () => {
    const model = createScriptedModel([{ throw: new ProviderError({ code: 'auth', status: 401, message: 'Invalid key' }) }], [text('fine'), finish()]);
    const t = setup(model);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    await t.finished();
    const cid = (t.received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
    expect(events(t.received).find((e) => e.type === 'error')).toMatchObject({ error: { code: 'auth', status: 401, message: 'Invalid key' } });
    let stored = await t.store.listMessages(cid);
    expect(stored.map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'q', 'complete'],
      ['assistant', '', 'error'],
    ]);
    t.received.length = 0;
    await t.service.handle(t.port, { type: 'retry', conversationId: cid });
    await t.finished();
    stored = await t.store.listMessages(cid);
    expect(stored.map((m) => [m.role, m.text, m.status])).toEqual([
      ['user', 'q', 'complete'],
      ['assistant', 'fine', 'complete'],
    ]);
  });

  it('stop keeps the partial text and marks it stopped', async () => {
    const model = createScriptedModel([text('partial '), { wait: 10_000 }, text('never'), finish()]);
    const t = setup(model);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    const cid = (t.received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
    await vi.waitFor(() => expect(events(t.received).some((e) => e.type === 'text-delta')).toBe(true));
    await t.service.handle(t.port, { type: 'stop', conversationId: cid });
    await t.finished();
    expect(events(t.received).at(-1)).toMatchObject({ type: 'run-finish', reason: 'stopped' });
    expect((await t.store.listMessages(cid)).at(-1)).toMatchObject({ text: 'partial ', status: 'stopped' });
  });

  it('checkpoints streamed text at least every 500 ms', async () => {
    let advance = (_ms: number): number => 0;
    const model: ChatModel = {
      provider: 'test',
      modelId: 'clocked',
      async *stream() {
        for (const delta of ['a', 'b', 'c', 'd']) {
          advance(300);
          yield text(delta);
        }
        yield finish();
      },
    };
    const t = setup(model);
    advance = t.advance;
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    await t.finished();
    const assistantWrites = t.store.writes.filter((w) => w.role === 'assistant').map((w) => [w.text, w.status]);
    // Created empty, checkpointed twice (600 ms and 1200 ms in), then final.
    expect(assistantWrites).toEqual([
      ['', 'streaming'],
      ['ab', 'streaming'],
      ['abcd', 'streaming'],
      ['abcd', 'complete'],
    ]);
  });

  it('a user message and its answer created in the same millisecond stay in order', async () => {
    const t = setup(createScriptedModel([text('answer'), finish()]));
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'question', clientId: 'zzz' });
    await t.finished();
    const cid = (t.received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
    expect((await t.store.listMessages(cid)).map((m) => m.text)).toEqual(['question', 'answer']);
  });

  it('a second message while one is being answered is refused with a clear error', async () => {
    const model = createScriptedModel([text('x'), { wait: 5_000 }, finish()]);
    const t = setup(model);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    const cid = (t.received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
    await expect(t.service.handle(t.port, { type: 'send', conversationId: cid, text: 'again', clientId: 'u2' })).rejects.toBeInstanceOf(UserFacingError);
    await t.service.handle(t.port, { type: 'stop', conversationId: cid });
    await t.finished();
  });

  it('no provider: an error message the user can act on', async () => {
    const t = setup(() => {
      throw new UserFacingError('no_provider', 'No model is set up yet. Add a provider in Settings.');
    });
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    await vi.waitFor(() => expect(t.received.some((m) => m.type === 'message' && m.message.status === 'error')).toBe(true));
    const msg = t.received.find((m) => m.type === 'message' && m.message.role === 'assistant') as { message: { error: { code: string } } };
    expect(msg.message.error.code).toBe('no_provider');
  });

  it('invalid commands from a Port are answered with an error, not executed', async () => {
    const t = setup(createScriptedModel());
    let listener: (m: unknown) => void = () => {};
    t.service.attach({ ...t.port, onMessage: { addListener: (f) => (listener = f) }, onDisconnect: { addListener: () => {} } });
    listener({ type: 'send', conversationId: null, text: '', clientId: 'x' });
    listener({ type: 'rm -rf' });
    expect(t.received.map((m) => m.type)).toEqual(['command-error', 'command-error']);
    expect(await t.store.listConversations()).toEqual([]);
  });

  it('on wake, answers left streaming by a dead worker are kept and marked interrupted', async () => {
    const t = setup(createScriptedModel());
    await t.store.createConversation({ id: 'c', title: 't', createdAt: 1, updatedAt: 1 });
    await t.store.putMessage({ id: 'm', conversationId: 'c', role: 'assistant', text: 'half', status: 'streaming', createdAt: 2 });
    expect(await t.service.recoverInterrupted()).toBe(1);
    expect(await t.store.getMessage('m')).toMatchObject({ text: 'half', status: 'interrupted' });
  });
});
