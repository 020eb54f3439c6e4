/** Search, rename, and delete with undo: hidden at once, restorable in the window, purged (journal too) after it. */
import { describe, expect, it, vi } from 'vitest';
import { createConversationEditHandlers } from '../../../../lib/background/handlers/conversation-edit-handlers';
import { createMemoryConversationStore } from '../memory-conversation-store';

async function setup(undoWindowMs = 50) {
  const conversations = createMemoryConversationStore();
  await conversations.createConversation({ id: 'a', title: 'Sourdough starter', createdAt: 1, updatedAt: 1 });
  await conversations.createConversation({ id: 'b', title: 'Tax forms', createdAt: 1, updatedAt: 2 });
  await conversations.putMessage({
    id: 'm1',
    conversationId: 'b',
    role: 'user',
    text: 'Which box holds the Crème brûlée expenses for 2024?',
    status: 'complete',
    createdAt: 3,
  });
  const purged: string[] = [];
  const renamed: string[] = [];
  let t = 1_000;
  const edits = createConversationEditHandlers({
    conversations,
    chat: { isRunning: () => false, stop: async () => undefined },
    purge: async (id) => {
      purged.push(id);
      await conversations.deleteConversation(id);
    },
    onRenamed: (id) => renamed.push(id),
    now: () => t,
    undoWindowMs,
  });
  return { conversations, purged, renamed, h: edits.handlers, edits, advance: (ms: number) => (t += ms) };
}

describe('conversation edit handlers', () => {
  it('search finds titles and message text (case and accents folded), with a snippet for content hits', async () => {
    const { h } = await setup();
    expect(
      (await h['conversations.search']({ query: 'sourdough' })).map((x) => [x.conversation.id, x.snippet]),
    ).toEqual([['a', undefined]]);
    const [hit] = await h['conversations.search']({ query: 'creme BRULEE' });
    expect(hit!.conversation.id).toBe('b');
    expect(hit!.snippet).toContain('Crème brûlée expenses');
    expect(await h['conversations.search']({ query: 'nothing like this' })).toEqual([]);
  });

  it('rename stores the new title on one line and tells the panels', async () => {
    const { h, conversations, renamed } = await setup();
    await h['conversations.rename']({ id: 'a', title: '  Bread\n notes ' });
    expect((await conversations.getConversation('a'))!.title).toBe('Bread notes');
    expect(renamed).toEqual(['a']);
    await expect(h['conversations.rename']({ id: 'zz', title: 'x' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a deleted conversation is hidden at once and Undo restores it, with nothing purged', async () => {
    const { h, conversations, purged } = await setup();
    expect(await h['conversations.trash']({ id: 'b' })).toEqual({ undoUntil: 1_050 });
    expect((await conversations.listConversations()).map((c) => c.id)).toEqual(['a']);
    await h['conversations.restore']({ id: 'b' });
    expect((await conversations.listConversations()).map((c) => c.id)).toEqual(['b', 'a']);
    await new Promise((r) => setTimeout(r, 120));
    expect(purged).toEqual([]);
    expect(await conversations.listMessages('b')).toHaveLength(1);
  });

  it('once the window passes the conversation is purged for good, and Undo says it is too late', async () => {
    const { h, conversations, purged } = await setup();
    await h['conversations.trash']({ id: 'b' });
    await vi.waitFor(() => expect(purged).toEqual(['b']));
    expect(await conversations.getConversation('b')).toBeUndefined();
    await expect(h['conversations.restore']({ id: 'b' })).rejects.toThrow('Too late to undo');
  });

  it('on wake, conversations whose window passed while the worker was stopped are purged', async () => {
    const { conversations, purged, edits, advance } = await setup(60_000);
    await conversations.markDeleted('a', 1_000);
    advance(120_000);
    await edits.purgeExpired();
    await vi.waitFor(() => expect(purged).toEqual(['a']));
  });
});
