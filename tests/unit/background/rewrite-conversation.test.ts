/**
 * Regenerate the last answer (earlier answers stay as versions), show a version, continue a stopped answer, edit
 * a sent message and continue from it, delete a message; none while an answer runs.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PanelMessage } from '../../../lib/background/panel-port';
import { CONTINUE_AFTER_STOP_NOTE } from '../../../lib/background/turn-answer';
import { ProviderError } from '../../../lib/providers/provider-error';
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
  it('regenerate answers the same question again; the earlier answer stays as a version, the new one shown', async () => {
    const { t, id } = await twoTurns([[text('answer two, again'), finish()]]);
    const before = (await t.store.listMessages(id)).at(-1)!;
    await t.service.handle(t.port, { type: 'regenerate', conversationId: id });
    await vi.waitFor(() => expect(t.finishes()).toBe(3), { timeout: 3000 });
    const after = await t.settled(id);
    expect(shape(after)).toEqual(['user:first', 'assistant:answer one', 'user:second', 'assistant:answer two, again']);
    // The model was asked the same conversation, without the answer being replaced.
    expect(t.model.calls[2]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    // The new answer took the old one's place, which it keeps as its first version.
    expect(after[3]).toMatchObject({ id: before.id, versionIndex: 1 });
    expect(after[3]!.otherVersions).toEqual([expect.objectContaining({ text: 'answer two', status: 'complete' })]);
  });

  it('the version shown is the one the conversation continues from, and the one stored', async () => {
    const { t, id } = await twoTurns([
      [text('answer two, again'), finish()],
      [text('answer two, third take'), finish()],
      [text('answer three'), finish()],
    ]);
    for (const n of [3, 4]) {
      await t.service.handle(t.port, { type: 'regenerate', conversationId: id });
      await vi.waitFor(() => expect(t.finishes()).toBe(n), { timeout: 3000 });
      await t.settled(id);
    }
    const answer = (await t.store.listMessages(id)).at(-1)!;
    expect(answer.otherVersions?.map((v) => v.text)).toEqual(['answer two', 'answer two, again']);
    await t.service.handle(t.port, { type: 'show-version', conversationId: id, messageId: answer.id, index: 0 });
    const shown = (await t.store.listMessages(id)).at(-1)!;
    expect(shown).toMatchObject({ text: 'answer two', versionIndex: 0 });
    expect(t.received.at(-1)).toMatchObject({ type: 'message', message: { id: answer.id, text: 'answer two' } });
    await expect(
      t.service.handle(t.port, { type: 'show-version', conversationId: id, messageId: answer.id, index: 3 }),
    ).rejects.toThrow('That version of the answer no longer exists.');

    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'third', clientId: 'u3' });
    await vi.waitFor(() => expect(t.finishes()).toBe(5), { timeout: 3000 });
    const asked = JSON.stringify(t.model.calls[4]!.messages);
    expect(asked).toContain('"answer two"');
    expect(asked).not.toContain('answer two, again');
    expect(asked).not.toContain('third take');
  });

  it('retrying a failed new version keeps the earlier versions', async () => {
    const { t, id } = await twoTurns([
      [{ throw: new ProviderError({ code: 'auth', status: 401, message: 'bad key' }) }],
      [text('answer two, retried'), finish()],
    ]);
    await t.service.handle(t.port, { type: 'regenerate', conversationId: id });
    await vi.waitFor(() => expect(t.finishes()).toBe(3), { timeout: 3000 });
    const failed = (await t.settled(id)).at(-1)!;
    expect(failed).toMatchObject({ status: 'error', versionIndex: 1 });
    await t.service.handle(t.port, { type: 'retry', conversationId: id });
    await vi.waitFor(() => expect(t.finishes()).toBe(4), { timeout: 3000 });
    const after = (await t.settled(id)).at(-1)!;
    expect(after).toMatchObject({ id: failed.id, text: 'answer two, retried', status: 'complete', versionIndex: 1 });
    // The failure showed nothing but its error: it is not kept as a version.
    expect(after.otherVersions?.map((v) => v.text)).toEqual(['answer two']);
  });

  it('continue goes on with a stopped answer: asked with the partial answer and a note, the rest added to it', async () => {
    const t = setup([
      [text('The sky is blue be'), { hang: true }],
      [text('cause air scatters blue light.'), finish()],
      [text('Sunsets are red.'), finish()],
    ]);
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: 'Why is the sky blue?',
      clientId: 'u1',
    });
    const id = t.conversationId();
    await vi.waitFor(() =>
      expect(t.received.some((m) => m.type === 'event' && m.event.type === 'text-delta')).toBe(true),
    );
    await t.service.handle(t.port, { type: 'stop', conversationId: id });
    const stopped = (await t.settled(id)).at(-1)!;
    expect(stopped).toMatchObject({ text: 'The sky is blue be', status: 'stopped' });

    await t.service.handle(t.port, { type: 'continue', conversationId: id });
    await vi.waitFor(() => expect(t.finishes()).toBe(2), { timeout: 3000 });
    const asked = t.model.calls[1]!.messages;
    expect(asked.slice(-2)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'The sky is blue be' }] },
      { role: 'user', content: [{ type: 'text', text: CONTINUE_AFTER_STOP_NOTE }] },
    ]);
    const [, answer] = await t.settled(id);
    expect(answer).toMatchObject({
      id: stopped.id,
      status: 'complete',
      text: 'The sky is blue because air scatters blue light.',
      parts: [{ kind: 'text', text: 'The sky is blue because air scatters blue light.' }],
    });
    expect(answer!.usage?.outputTokens).toBe(2 + (stopped.usage?.outputTokens ?? 0));
    await expect(t.service.handle(t.port, { type: 'continue', conversationId: id })).rejects.toThrow(
      'Only an answer you stopped can be continued.',
    );

    // The next turn reads the answer as one reply, without the note.
    await t.service.handle(t.port, { type: 'send', conversationId: id, text: 'And sunsets?', clientId: 'u2' });
    await vi.waitFor(() => expect(t.finishes()).toBe(3), { timeout: 3000 });
    expect(t.model.calls[2]!.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Why is the sky blue?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'The sky is blue because air scatters blue light.' }] },
      { role: 'user', content: [{ type: 'text', text: 'And sunsets?' }] },
    ]);
  });

  it('a panel opened while a stopped answer is continued sees the answer so far, the new text after the old', async () => {
    const t = setup([
      [text('Part one, '), { hang: true }],
      [text('part two'), { hang: true }],
    ]);
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: 'q', clientId: 'u1' });
    const id = t.conversationId();
    const deltas = () => t.received.filter((m) => m.type === 'event' && m.event.type === 'text-delta').length;
    await vi.waitFor(() => expect(deltas()).toBe(1));
    await t.service.handle(t.port, { type: 'stop', conversationId: id });
    await t.settled(id);
    await t.service.handle(t.port, { type: 'continue', conversationId: id });
    await vi.waitFor(() => expect(deltas()).toBe(2));
    await expect(
      t.service.handle(t.port, { type: 'show-version', conversationId: id, messageId: 'x', index: 0 }),
    ).rejects.toThrow(/Wait until the answer is finished/);
    const late: PanelMessage[] = [];
    await t.service.handle({ postMessage: (m) => void late.push(m) }, { type: 'subscribe', conversationId: id });
    expect(late[0]).toMatchObject({
      type: 'snapshot',
      running: true,
      messages: [{ role: 'user' }, { role: 'assistant', status: 'streaming', text: 'Part one, part two' }],
    });
    await t.service.handle(t.port, { type: 'stop', conversationId: id });
    expect((await t.settled(id)).at(-1)).toMatchObject({ status: 'stopped', text: 'Part one, part two' });
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
