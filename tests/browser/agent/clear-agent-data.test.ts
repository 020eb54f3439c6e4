/** "Delete all data" empties the agent database for real: journal, memories, site approvals, telemetry. */
import { describe, expect, it } from 'vitest';
import { openAgentDb } from '../../../lib/agent/agent-db';
import { clearAgentData } from '../../../lib/agent/clear-agent-data';
import {
  createIdbLatencyStore,
  createIdbMemoryStore,
  createIdbSitePolicyStore,
} from '../../../lib/agent/idb-agent-stores';
import { createIdbRunJournal } from '../../../lib/agent/idb-run-journal';

describe('clearAgentData', () => {
  it('leaves every store of the agent database empty', async () => {
    const db = await openAgentDb(`tabwise-agent-test-${crypto.randomUUID()}`);
    const journal = createIdbRunJournal(db);
    const run = {
      id: 'r1',
      conversationId: 'c',
      messageId: 'm',
      model: { provider: 'p', modelId: 'x' },
      settings: {},
      status: 'finished' as const,
      createdAt: 1,
      updatedAt: 1,
    };
    await journal.write({
      run,
      runInput: { runId: 'r1', messages: [] },
      steps: [{ runId: 'r1', index: 0, status: 'done', toolCallIds: ['t'], startedAt: 1 }],
      texts: [{ runId: 'r1', index: 0, text: 'page text the tool read', reasoning: '' }],
      toolCalls: [
        {
          runId: 'r1',
          step: 0,
          order: 0,
          toolCallId: 't',
          toolName: 'read_page',
          rawInput: '{}',
          status: 'done',
          output: 'secret page text',
        },
      ],
    });
    await createIdbMemoryStore(db).save({ id: 'm1', text: 'x', tags: [], createdAt: 1, url: 'https://a.example/' });
    await createIdbSitePolicyStore(db).allow('https://a.example', 'fill_form');
    await createIdbLatencyStore(db).add({
      runId: 'r1',
      step: 0,
      provider: 'p',
      modelId: 'x',
      at: 1,
      durationMs: 1,
      modelMs: 1,
      tools: [],
      stopReason: 'stop',
    });
    const counts = async () => Promise.all([...db.objectStoreNames].map(async (n) => [n, await db.count(n)] as const));
    expect((await counts()).filter(([, c]) => c > 0).length).toBeGreaterThanOrEqual(8);
    await clearAgentData(db);
    expect((await counts()).filter(([, c]) => c > 0)).toEqual([]);
  });
});
