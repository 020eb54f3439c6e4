/** @-mentioned tabs sent with a message: kept at their places, named there for the model, their tabs readable. */
import { describe, expect, it, vi } from 'vitest';
import type { MessageMention } from '../../../lib/core/message-mention';
import { finish, setup, text } from './chat-service-harness';

const mention = (tabId: number, title: string, start: number): MessageMention => ({
  tabId,
  title,
  start,
  end: start + title.length + 1,
});

describe('a message with @-mentioned tabs', () => {
  it('is stored with its mentions in place, names each tab there for the model, and lets the run read those tabs', async () => {
    const asked: (number[] | undefined)[] = [];
    const t = setup([[text('ok'), finish()]], (_page, _text, ids) => {
      asked.push(ids);
      return {};
    });
    const sent = 'Compare @Order details with @Inbox please';
    const mentions = [mention(7, 'Order details', 8), mention(9, 'Inbox', 28)];
    await t.service.handle(t.port, { type: 'send', conversationId: null, text: sent, clientId: 'u1', mentions });
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    const [user] = await t.settled(t.conversationId());
    expect(user).toMatchObject({ role: 'user', text: sent, mentions });
    // The panel is shown the message with its mentions at once (the bubble draws the pills from them).
    expect(t.received).toContainEqual({ type: 'message', message: expect.objectContaining({ id: 'u1', mentions }) });
    const asSent = JSON.stringify(t.model.calls[0]!.messages.at(-1));
    expect(asSent).toContain('Compare @tab 7 with @tab 9 please');
    // A title is page text: never in the user's own words, where it would read as the user's instruction.
    expect(asSent).not.toContain('@Order details');
    expect(asked).toEqual([[7, 9]]);
  });

  it('a mention that does not hold for the text is dropped, and its tab is not readable', async () => {
    const asked: (number[] | undefined)[] = [];
    const t = setup([[text('ok'), finish()]], (_page, _text, ids) => {
      asked.push(ids);
      return {};
    });
    const sent = 'Summarise @Inbox';
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: sent,
      clientId: 'u1',
      // The second claims a range that says something else: not a mention of tab 66.
      mentions: [mention(9, 'Inbox', 10), mention(66, 'Bank', 0)],
    });
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    const [user] = await t.settled(t.conversationId());
    expect(user!.mentions).toEqual([mention(9, 'Inbox', 10)]);
    expect(asked).toEqual([[9]]);
    expect(JSON.stringify(t.model.calls[0]!.messages.at(-1))).toContain('Summarise @tab 9');
  });
});

describe('editing a message with mentions', () => {
  it('drops them: the edited text was written in a plain box, so no pill claims a place in it', async () => {
    const t = setup([
      [text('one'), finish()],
      [text('two'), finish()],
    ]);
    await t.service.handle(t.port, {
      type: 'send',
      conversationId: null,
      text: 'Summarise @Inbox',
      clientId: 'u1',
      mentions: [mention(9, 'Inbox', 10)],
    });
    const id = t.conversationId();
    await vi.waitFor(() => expect(t.finishes()).toBe(1), { timeout: 3000 });
    await t.settled(id);
    await t.service.handle(t.port, { type: 'edit', conversationId: id, messageId: 'u1', text: 'Summarise @Inbox now' });
    await vi.waitFor(() => expect(t.finishes()).toBe(2), { timeout: 3000 });
    const [user] = await t.settled(id);
    expect(user).toMatchObject({ text: 'Summarise @Inbox now' });
    expect(user!.mentions).toBeUndefined();
    expect(JSON.stringify(t.model.calls[1]!.messages.at(-1))).not.toContain('@tab 9');
  });
});
