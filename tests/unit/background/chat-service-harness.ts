/** The chat service over a real runtime with a scripted model, and what one panel Port received (shared by chat-feature tests). */
import { expect, vi } from 'vitest';
import { createAgentRuntime } from '../../../lib/agent/agent-runtime';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { createFakeChatModel, type Script } from '../../../lib/agent/testing/fake-chat-model';
import { createChatService, type ChatServiceDeps } from '../../../lib/background/chat-service';
import type { PanelMessage } from '../../../lib/background/panel-port';
import type { ModelStreamPart } from '../../../lib/providers/chat-model';
import { createInMemorySitePolicyStore } from '../../../lib/tools/site-policy-store';
import { createToolRegistry } from '../../../lib/tools/tool-registry';
import { prompts } from '../agent/harness';
import { createMemoryConversationStore } from './memory-conversation-store';

export const text = (delta: string): ModelStreamPart => ({ type: 'text-delta', delta });
export const finish = (): ModelStreamPart => ({
  type: 'finish',
  finishReason: 'stop',
  usage: { inputTokens: 1, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 },
});

/** `runSettings`: what a run is configured with, from the page, the question and the mentioned tabs (default: nothing). */
/** `extra`: more of the service's collaborators (attached files, …). */
export function setup(
  scripts: Script[],
  runSettings: ChatServiceDeps['runSettings'] = () => ({}),
  extra: Partial<ChatServiceDeps> = {},
) {
  const store = createMemoryConversationStore();
  const journal = createMemoryRunJournal();
  const model = createFakeChatModel(scripts);
  const runtime = createAgentRuntime({
    journal,
    resolveModel: () => model,
    tools: createToolRegistry([]),
    prompts,
    sitePolicies: createInMemorySitePolicyStore(),
    timeZone: 'UTC',
  });
  let n = 0;
  let t = 1_000;
  const service = createChatService({
    store,
    runtime,
    now: () => ++t,
    generateId: () => `id${++n}`,
    resolveModel: async () => ({ ref: { provider: 'p', modelId: 'm' }, label: 'Test · m' }),
    runSettings,
    listUnfinishedRuns: () => journal.listUnfinished(),
    ...extra,
  });
  const received: PanelMessage[] = [];
  const port = { postMessage: (m: PanelMessage) => void received.push(m) };
  const queues = () => received.flatMap((m) => (m.type === 'queued' ? [m.messages.map((q) => q.text)] : []));
  const finishes = () => received.filter((m) => m.type === 'event' && m.event.type === 'run-finish').length;
  /** The conversation's messages once no answer is streaming any more. */
  const settled = async (id: string) => {
    await vi.waitFor(
      async () => expect((await store.listMessages(id)).every((m) => m.status !== 'streaming')).toBe(true),
      { timeout: 3000 },
    );
    return store.listMessages(id);
  };
  const conversationId = () =>
    (received.find((m) => m.type === 'conversation-created') as { conversation: { id: string } }).conversation.id;
  return { store, model, service, port, received, queues, finishes, conversationId, settled };
}
