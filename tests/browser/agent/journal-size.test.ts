/**
 * The run journal in real IndexedDB: a step stores what is new in it (so the journal grows linearly with a
 * run's length), the requests it rebuilds are exactly what the model saw, and a conversation's deletion
 * takes its runs' records with it.
 */
import { stepLimit } from '../../../lib/agent/stop-condition';
import type { IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openAgentDb, type AgentDb } from '../../../lib/agent/agent-db';
import { createAgentRuntime } from '../../../lib/agent/agent-runtime';
import { createIdbSitePolicyStore } from '../../../lib/agent/idb-agent-stores';
import { createIdbRunJournal } from '../../../lib/agent/idb-run-journal';
import { RUN_LIMITS } from '../../../lib/agent/run-settings';
import {
  createFakeChatModel,
  textReply,
  toolCallsReply,
  type Script,
} from '../../../lib/agent/testing/fake-chat-model';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { createToolRegistry } from '../../../lib/tools/tool-registry';

const journalStores = [
  'runs',
  'stepRequests',
  'steps',
  'stepTexts',
  'toolCalls',
  'approvals',
  'interjections',
] as const;
const prompts = { '/prompts/system.md': 'You are a test. '.repeat(100) };

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a thing up.',
  input: z.object({ i: z.number() }),
  readOnly: true,
  execute: ({ i }) => `Result ${i}: ${'lorem ipsum dolor sit amet '.repeat(20)}`,
}) as Tool;

/** Bytes (JSON length) of every record in the journal's stores. */
async function journalBytes(db: IDBPDatabase<AgentDb>): Promise<number> {
  let n = 0;
  for (const name of journalStores) for (const r of await db.getAll(name)) n += JSON.stringify(r).length;
  return n;
}

const toolSteps = (steps: number): Script[] =>
  Array.from({ length: steps }, (_, i) =>
    toolCallsReply([{ id: `call-${i}`, name: 'lookup', input: { i } }], `Step ${i}. `),
  );

async function runIn(db: IDBPDatabase<AgentDb>, scripts: Script[], conversationId: string, maxSteps: number) {
  const model = createFakeChatModel(scripts);
  const runtime = createAgentRuntime({
    journal: createIdbRunJournal(db),
    resolveModel: () => model,
    tools: createToolRegistry([lookup]),
    prompts,
    emit: () => undefined,
    sitePolicies: createIdbSitePolicyStore(db),
    timeZone: 'UTC',
    now: () => 1_000,
    maxStepsCeiling: maxSteps,
    // Ends at the limit instead of pausing to ask the user to continue: no one clicks here.
    stopWhen: [stepLimit(maxSteps)],
  });
  const handle = await runtime.startRun({
    // The token budget would rightly stop a run this long; the size of its journal is what is measured here.
    conversationId,
    model: { provider: 'fake', modelId: 'm' },
    settings: { maxSteps, maxRunTokens: RUN_LIMITS.maxRunTokens.max },
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Look everything up.' }] }],
  });
  return { result: await handle.done, model, runId: handle.runId };
}

const freshDb = () => openAgentDb(`tabwise-agent-size-${crypto.randomUUID()}`);

describe('run journal size', () => {
  it('grows linearly: a 100-step run with tool calls stores at most 1.1 times two 50-step runs', async () => {
    const db50 = await freshDb();
    const r50 = await runIn(db50, toolSteps(50), 'c', 50);
    expect(r50.result.reason).toBe('step-limit');
    const s50 = await journalBytes(db50);
    const db100 = await freshDb();
    const r100 = await runIn(db100, toolSteps(100), 'c', 100);
    expect(r100.result.reason).toBe('step-limit');
    const s100 = await journalBytes(db100);
    expect(s100 / (2 * s50)).toBeLessThanOrEqual(1.1);
    // Storing each step's whole request (the old way) would be about 50 times the last request; now well under 5.
    const lastRequest = JSON.stringify(r50.model.calls.at(-1)).length;
    expect(s50).toBeLessThan(5 * lastRequest);
  }, 60_000);

  it('rebuilds every step request exactly as the model was sent it', async () => {
    const db = await freshDb();
    const { model, runId } = await runIn(db, [...toolSteps(3), textReply('Done.')], 'c', 10);
    const snap = await createIdbRunJournal(db).read(runId);
    expect(snap!.steps.map((s) => s.request)).toEqual(model.calls);
    expect(snap!.steps.at(-1)!.text).toBe('Done.');
  });

  it('a status change or a text checkpoint never rewrites the step request', async () => {
    const db = await freshDb();
    const journal = createIdbRunJournal(db);
    const run = {
      id: 'r',
      conversationId: 'c',
      messageId: 'm',
      model: { provider: 'p', modelId: 'x' },
      settings: {},
      status: 'running' as const,
      createdAt: 1,
      updatedAt: 1,
    };
    await journal.write({
      run,
      requests: [{ runId: 'r', index: 0, keep: 0, append: [], system: 'S', tools: [], options: {} }],
      steps: [{ runId: 'r', index: 0, status: 'streaming', toolCallIds: [], startedAt: 1 }],
    });
    await journal.write({ texts: [{ runId: 'r', index: 0, text: 'partial', reasoning: '' }] });
    await journal.write({
      steps: [{ runId: 'r', index: 0, status: 'done', toolCallIds: [], startedAt: 1, finishedAt: 2 }],
    });
    const snap = await journal.read('r');
    expect(snap!.steps[0]).toMatchObject({ status: 'done', text: 'partial', request: { system: 'S', messages: [] } });
  });
});

describe('deleting a conversation', () => {
  it('deletes its runs, steps, tool calls, approvals and interjections, and nothing of other conversations', async () => {
    const db = await freshDb();
    const journal = createIdbRunJournal(db);
    const gone = await runIn(db, [...toolSteps(2), textReply('a')], 'gone', 10);
    const kept = await runIn(db, [...toolSteps(1), textReply('b')], 'kept', 10);
    await journal.write({
      approvals: [
        {
          runId: gone.runId,
          toolCallId: 'call-0',
          toolName: 'lookup',
          input: {},
          preview: 'p',
          status: 'approved',
          requestedAt: 1,
        },
      ],
      interjections: [{ runId: gone.runId, id: 'i', text: 'hey', at: 1, consumedByStep: 1 }],
    });
    const before = await journalBytes(db);
    await journal.deleteConversation('gone');
    expect(await journal.read(gone.runId)).toBeUndefined();
    expect(await journal.listRuns('gone')).toEqual([]);
    for (const name of journalStores) {
      const left = await db.getAll(name);
      expect(left.every((r) => ('runId' in r ? r.runId : r.id) === kept.runId)).toBe(true);
    }
    expect((await journal.read(kept.runId))!.steps).toHaveLength(2);
    expect(await journalBytes(db)).toBeLessThan(before);
  });
});
