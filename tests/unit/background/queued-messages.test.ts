/** Messages sent while an answer runs: queued at once, taken in by the run, or kept and sent next after Stop. */
import { describe, expect, it, vi } from 'vitest';
import { createQueuedMessages } from '../../../lib/background/queued-messages';
import { setup, text, finish } from './chat-service-harness';

describe('queued messages', () => {
  it('a message sent during an answer is queued at once, then taken in by the same run before its next call', async () => {
    const t = setup([
      [text('first '), { wait: 200 }, text('part'), finish()],
      [text('and your note'), finish()],
    ]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'start', clientId: 'u1' });
    const id = t.conversationId();
    await vi.waitFor(() =>
      expect(t.received.some((m) => m.type === 'event' && m.event.type === 'text-delta')).toBe(true),
    );
    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'also this', clientId: 'u2' });
    expect(t.queues()).toEqual([['also this']]);
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    expect(t.queues().at(-1)).toEqual([]);
    expect(t.model.calls[1]!.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'also this' }] });
  });

  it('after Stop the queued message is kept: it becomes the next user message and is answered next', async () => {
    const t = setup([
      [text('long '), { wait: 5_000 }, text('never'), finish()],
      [text('answer to the queued one'), finish()],
    ]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'start', clientId: 'u1' });
    const id = t.conversationId();
    await vi.waitFor(() =>
      expect(t.received.some((m) => m.type === 'event' && m.event.type === 'text-delta')).toBe(true),
    );
    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'queued one', clientId: 'u2' });
    await t.service.handle(t.port, { type: 'stop', conversationId: id });
    await vi.waitFor(() => expect(t.finishes()).toBe(2), { timeout: 3000 });
    await vi.waitFor(async () =>
      expect((await t.store.listMessages(id)).every((m) => m.status !== 'streaming')).toBe(true),
    );
    const stored = await t.store.listMessages(id);
    expect(stored.map((m) => [m.role, m.id === 'u2' ? 'u2' : '', m.status, m.text])).toEqual([
      ['user', '', 'complete', 'start'],
      ['assistant', '', 'stopped', 'long '],
      ['user', 'u2', 'complete', 'queued one'],
      ['assistant', '', 'complete', 'answer to the queued one'],
    ]);
    expect(t.queues().at(-1)).toEqual([]);
    expect(t.model.calls[1]!.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'queued one' }],
    });
  });

  it('the queue matches taken-in messages by text, oldest first', () => {
    const q = createQueuedMessages();
    q.add('r', { id: 'a', text: 'same' });
    q.add('r', { id: 'b', text: 'same' });
    q.add('r', { id: 'c', text: 'other' });
    expect(q.accept('r', 'same')).toBe(true);
    expect(q.list('r').map((m) => m.id)).toEqual(['b', 'c']);
    expect(q.accept('r', 'missing')).toBe(false);
    expect(q.take('r').map((m) => m.id)).toEqual(['b', 'c']);
    expect(q.list('r')).toEqual([]);
  });
});
