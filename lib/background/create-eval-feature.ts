/**
 * Model comparisons in the worker (issue 28): their store, the driver that runs them, their requests, and an alarm
 * that wakes the worker while one is running (so a comparison whose worker was stopped between two runs goes on).
 */
import type { AgentRuntime } from '../agent/agent-runtime';
import type { ConversationStore } from '../storage/conversation-store';
import { openEvalStore, type EvalStore } from '../storage/eval-store';
import type { TaskStore } from '../storage/task-store';
import type { ChatService } from './chat-service';
import { chromeCheckReaders } from './eval-page-readers';
import { createEvalDriver } from './eval-driver';
import { createEvalHandlers } from './handlers/eval-handlers';
import { afterWake } from './after-wake';
import { openTabAndWait } from './open-tab-and-wait';

const EVAL_ALARM = 'tabwise-evals';

/** A comparison's run starts on its own tab in front, once loaded (or the wait is over), with what it shows. */
async function openFreshTab(url: string) {
  const now = await openTabAndWait(url, { active: true });
  return { tabId: now.id!, url: now.url ?? url, ...(now.title ? { title: now.title.slice(0, 1000) } : {}) };
}

export interface EvalFeatureDeps {
  tasks: TaskStore;
  conversations: ConversationStore | Promise<ConversationStore>;
  chat: ChatService;
  runtime: Promise<AgentRuntime>;
  /** Settles once the chat service has resumed the runs the worker was stopped in. */
  woke: Promise<unknown>;
  listModels(): Promise<{ providerId: string; providerName: string; models: string[]; notAllowed?: string[] }[]>;
  now(): number;
  generateId(): string;
  store?: EvalStore;
}

export function createEvalFeature(deps: EvalFeatureDeps) {
  const store = deps.store ?? openEvalStore();
  const driver = createEvalDriver({
    store,
    conversations: deps.conversations,
    chat: deps.chat,
    replayRun: async (runId) => (await deps.runtime).replayRun(runId),
    openTab: openFreshTab,
    readers: (tabId, answerText) => chromeCheckReaders(tabId, answerText, `eval-${deps.generateId()}`),
    now: deps.now,
    generateId: deps.generateId,
    changed: (c) => {
      if (c.status === 'running') void chrome.alarms.create(EVAL_ALARM, { periodInMinutes: 0.5 });
      else void chrome.alarms.clear(EVAL_ALARM);
    },
  });
  // Registered in the worker's first turn, like every listener; the alarm only wakes the worker, which resumes.
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === EVAL_ALARM) void deps.woke.then(() => driver.resume());
  });
  afterWake(() =>
    deps.woke.then(() => driver.resume()).catch((e: unknown) => console.error('resuming comparisons', e)),
  );
  return {
    store,
    handlers: createEvalHandlers({ store, tasks: deps.tasks, driver, listModels: deps.listModels }),
    /** "Delete all data": comparisons are stopped, then forgotten. */
    async clear() {
      for (const c of (await store.list()).comparisons) if (c.status === 'running') await driver.stop(c.id);
      await store.clear();
    },
  };
}
