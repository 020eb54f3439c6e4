import { describe, expect, it } from 'vitest';
import { createMemoryRunJournal } from '../../../../lib/agent/memory-run-journal';
import type { RunState } from '../../../../lib/agent/run-journal';
import { createConversationHandlers } from '../../../../lib/background/handlers/conversation-handlers';
import { createMemoryConversationStore } from '../memory-conversation-store';

const run = (id: string, conversationId: string): RunState => ({
  id,
  conversationId,
  messageId: `m-${id}`,
  model: { provider: 'p', modelId: 'x' },
  settings: {},
  status: 'finished',
  createdAt: 1,
  updatedAt: 1,
});

async function setup(running = false) {
  const conversations = createMemoryConversationStore();
  const journal = createMemoryRunJournal();
  const stopped: string[] = [];
  for (const id of ['a', 'b']) {
    await conversations.createConversation({ id, title: id, createdAt: 1, updatedAt: 1 });
    await conversations.putMessage({
      id: `u-${id}`,
      conversationId: id,
      role: 'user',
      text: 'hi',
      status: 'complete',
      createdAt: 2,
    });
    await journal.write({
      run: run(`r-${id}`, id),
      steps: [{ runId: `r-${id}`, index: 0, status: 'done', toolCallIds: [], startedAt: 1 }],
    });
  }
  const chat = { isRunning: (id: string) => running && id === 'a', stop: async (id: string) => void stopped.push(id) };
  return { conversations, journal, stopped, h: createConversationHandlers({ conversations, journal, chat }) };
}

describe('conversation handlers', () => {
  it('lists conversations and gets one with its messages; a missing one is not_found', async () => {
    const { h } = await setup();
    expect((await h['conversations.list']({})).map((c) => c.id).sort()).toEqual(['a', 'b']);
    expect((await h['conversations.get']({ id: 'a' })).messages.map((m) => m.id)).toEqual(['u-a']);
    await expect(h['conversations.get']({ id: 'zz' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deleting a conversation deletes its journal records too, and nothing of the others', async () => {
    const { h, journal, conversations } = await setup();
    const before = journal.storedBytes();
    await h['conversations.delete']({ id: 'a' });
    expect(await conversations.getConversation('a')).toBeUndefined();
    expect(await journal.read('r-a')).toBeUndefined();
    expect(await journal.listRuns('a')).toEqual([]);
    expect((await journal.read('r-b'))!.steps).toHaveLength(1);
    expect(journal.storedBytes()).toBeLessThan(before);
  });

  it('stops a running conversation before deleting it', async () => {
    const { h, stopped } = await setup(true);
    await h['conversations.delete']({ id: 'a' });
    await h['conversations.delete']({ id: 'b' });
    expect(stopped).toEqual(['a']);
  });
});
