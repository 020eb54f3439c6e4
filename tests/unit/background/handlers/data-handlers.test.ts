import { describe, expect, it } from 'vitest';
import { createMemoryRunJournal } from '../../../../lib/agent/memory-run-journal';
import type { RunState } from '../../../../lib/agent/run-journal';
import { createPageTargetForgetter, type RemovableArea } from '../../../../lib/background/forget-page-targets';
import { createConversationHandlers } from '../../../../lib/background/handlers/conversation-handlers';
import { createDataHandlers } from '../../../../lib/background/handlers/data-handlers';
import { createPageTargetStore, type KeyValueArea } from '../../../../lib/tools/page/page-target-store';
import { createMemoryConversationStore } from '../memory-conversation-store';

/** A Map-backed stand-in for chrome.storage.session. */
function sessionArea(): KeyValueArea & RemovableArea & { items: Map<string, unknown> } {
  const items = new Map<string, unknown>();
  return {
    items,
    async get(key: string | null) {
      return key === null ? Object.fromEntries(items) : items.has(key) ? { [key]: items.get(key) } : {};
    },
    async set(values: Record<string, unknown>) {
      for (const [k, v] of Object.entries(values)) items.set(k, v);
    },
    async remove(keys: string[]) {
      for (const k of keys) items.delete(k);
    },
  };
}

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
const doc = { docId: 'd', url: 'https://bank.example/account?no=123' };

async function world(running: string[] = []) {
  const conversations = createMemoryConversationStore();
  const journal = createMemoryRunJournal();
  const area = sessionArea();
  const targets = createPageTargetStore(area);
  for (const id of ['a', 'b']) {
    await conversations.createConversation({ id, title: id, createdAt: 1, updatedAt: 1 });
    await journal.write({ run: run(`run-${id}`, id) });
    await targets.rememberSnapshot(`run-${id}`, { tabId: 1, frameId: 0 }, doc);
    await targets.rememberFill(`run-${id}`, 'call-1', { tabId: 1, frameId: 0 }, doc);
  }
  area.items.set('unrelated.key', 1);
  const stopped: string[] = [];
  const chat = { isRunning: (id: string) => running.includes(id), stop: async (id: string) => void stopped.push(id) };
  const pageTargets = createPageTargetForgetter(area);
  return { conversations, journal, area, targets, stopped, chat, pageTargets };
}

describe('deleting a conversation takes what the page tools kept about its runs', () => {
  it('removes the snapshot and fill targets of its runs, and only those', async () => {
    const w = await world();
    const h = createConversationHandlers({
      conversations: w.conversations,
      journal: w.journal,
      chat: w.chat,
      pageTargets: w.pageTargets,
    });
    await h['conversations.delete']({ id: 'a' });
    expect(await w.targets.snapshotDocument('run-a', { tabId: 1, frameId: 0 })).toBeUndefined();
    expect(await w.targets.fillTarget('run-a', 'call-1')).toBeUndefined();
    expect(await w.targets.snapshotDocument('run-b', { tabId: 1, frameId: 0 })).toMatchObject(doc);
    expect(await w.targets.fillTarget('run-b', 'call-1')).toMatchObject(doc);
    expect(w.area.items.has('unrelated.key')).toBe(true);
  });
});

describe('data.deleteAll', () => {
  it('stops live runs, deletes every conversation, clears the agent data, every page target and the picked folder', async () => {
    const w = await world(['b']);
    let cleared = 0;
    let foldersForgotten = 0;
    const h = createDataHandlers({
      conversations: w.conversations,
      chat: w.chat,
      pageTargets: w.pageTargets,
      clearAgentData: async () => void cleared++,
      forgetFolder: async () => void foldersForgotten++,
    });
    expect(await h['data.deleteAll']({})).toEqual({ conversations: 2 });
    expect(w.stopped).toEqual(['b']);
    expect(await w.conversations.listConversations()).toEqual([]);
    expect(await w.conversations.listMessages('a')).toEqual([]);
    expect(cleared).toBe(1);
    // The picked folder's handle and its documents in the index go too.
    expect(foldersForgotten).toBe(1);
    expect([...w.area.items.keys()]).toEqual(['unrelated.key']);
  });
});
