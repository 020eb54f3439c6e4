/** Regenerate the last answer, edit a sent message and continue from it, delete a message; none while an answer runs. */
import { describe, expect, it, vi } from 'vitest';
import { finish, setup, text } from './chat-service-harness';

const userText = (call: { messages: { role: string; content: unknown }[] }) =>
  JSON.stringify(call.messages.filter((m) => m.role === 'user').map((m) => m.content));

async function twoTurns(extra: Parameters<typeof setup>[0] = []) {
  const t = setup([[text('answer one'), finish()], [text('answer two'), finish()], ...extra]);
  await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'first', clientId: 'u1' });
  const id = t.conversationId();
  await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
  await t.settled(id);
  await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'second', clientId: 'u2' });
  await vi.waitFor(() => expect(t.finishes()).toBe(2), { timeout: 3000 });
  await t.settled(id);
  return { t, id };
}
const shape = (ms: { role: string; text: string }[]) => ms.map((m) => `${m.role}:${m.text}`);

describe('rewriting a conversation', () => {
  it('regenerate replaces the last answer with a new one to the same question', async () => {
    const { t, id } = await twoTurns([[text('answer two, again'), finish()]]);
    await t.service.handle(t.port, { type: 'regenerate', conversationId: id });
    await vi.waitFor(() => expect(t.finishes()).toBe(3), { timeout: 3000 });
    expect(shape(await t.settled(id))).toEqual([
      'user:first',
      'assistant:answer one',
      'user:second',
      'assistant:answer two, again',
    ]);
    // The model was asked the same conversation, without the answer being replaced.
    expect(t.model.calls[2]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    // The panel was sent the conversation without the old answer before the new one started.
    const snap = t.received.filter((m) => m.type === 'snapshot').at(-1) as { messages: { text: string }[] };
    expect(snap.messages.map((m) => m.text)).toEqual(['first', 'answer one', 'second']);
  });

  it('editing a sent message continues from it: later messages are replaced', async () => {
    const { t, id } = await twoTurns([[text('answer to the edit'), finish()]]);
    await t.service.handle(t.port, { type: 'edit', conversationId: id, messageId: 'u1', text: 'first, edited' });
    await vi.waitFor(() => expect(t.finishes()).toBe(3), { timeout: 3000 });
    expect(shape(await t.settled(id))).toEqual(['user:first, edited', 'assistant:answer to the edit']);
    expect(userText(t.model.calls[2]!)).toContain('first, edited');
    expect(userText(t.model.calls[2]!)).not.toContain('second');
  });

  it('a message can be deleted; nothing is asked of the model', async () => {
    const { t, id } = await twoTurns();
    const answerOne = (await t.store.listMessages(id))[1]!;
    await t.service.handle(t.port, { type: 'delete-message', conversationId: id, messageId: answerOne.id });
    expect(shape(await t.store.listMessages(id))).toEqual(['user:first', 'user:second', 'assistant:answer two']);
    expect(t.model.calls).toHaveLength(2);
  });

  it('only your own messages can be edited, and nothing changes while an answer is written', async () => {
    const { t, id } = await twoTurns([[text('slow '), { wait: 2_000 }, text('end'), finish()]]);
    const answerOne = (await t.store.listMessages(id))[1]!;
    await expect(
      t.service.handle(t.port, { type: 'edit', conversationId: id, messageId: answerOne.id, text: 'x' }),
    ).rejects.toThrow('Only your own messages can be edited.');
    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'third', clientId: 'u3' });
    await vi.waitFor(() =>
      expect(
        t.received.some((m) => m.type === 'event' && m.event.type === 'text-delta' && m.event.delta === 'slow '),
      ).toBe(true),
    );
    await expect(
      t.service.handle(t.port, { type: 'delete-message', conversationId: id, messageId: 'u1' }),
    ).rejects.toThrow(/Wait until the answer is finished/);
    await t.service.handle(t.port, { type: 'stop', conversationId: id });
  });
});
