/** The idb journal and stores against real IndexedDB in Chromium, including a resume across "workers". */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openAgentDb } from '../../../lib/agent/agent-db';
import { createAgentRuntime } from '../../../lib/agent/agent-runtime';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import {
  createIdbLatencyStore,
  createIdbMemoryStore,
  createIdbSitePolicyStore,
} from '../../../lib/agent/idb-agent-stores';
import { createIdbRunJournal } from '../../../lib/agent/idb-run-journal';
import {
  createFakeChatModel,
  textReply,
  toolCallsReply,
  type Script,
} from '../../../lib/agent/testing/fake-chat-model';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { createToolRegistry } from '../../../lib/tools/tool-registry';
import { emptyUsage } from '../../../lib/providers/chat-model';

const freshDb = () => openAgentDb(`tabwise-agent-test-${crypto.randomUUID()}`);
const prompts = { '/prompts/system.md': 'You are a test.' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idb run journal', () => {
  it('round-trips a batch atomically and lists unfinished runs', async () => {
    const journal = createIdbRunJournal(await freshDb());
    const run = {
      id: 'r1',
      conversationId: 'c',
      messageId: 'm',
      model: { provider: 'p', modelId: 'x' },
      settings: {},
      status: 'running' as const,
      createdAt: 1,
      updatedAt: 1,
    };
    await journal.write({ run });
    await journal.write({
      requests: [
        { runId: 'r1', index: 1, keep: 0, append: [], options: {} },
        { runId: 'r1', index: 0, keep: 0, append: [], system: 's', tools: [], options: {} },
      ],
      steps: [
        { runId: 'r1', index: 1, status: 'done', toolCallIds: [], startedAt: 2 },
        { runId: 'r1', index: 0, status: 'tools', toolCallIds: ['t2', 't1'], startedAt: 1 },
      ],
      texts: [
        { runId: 'r1', index: 1, text: 'b', reasoning: '' },
        { runId: 'r1', index: 0, text: 'a', reasoning: '' },
      ],
      toolCalls: [
        { runId: 'r1', step: 0, order: 1, toolCallId: 't1', toolName: 'x', rawInput: '{}', status: 'pending' },
        {
          runId: 'r1',
          step: 0,
          order: 0,
          toolCallId: 't2',
          toolName: 'x',
          rawInput: '{}',
          status: 'done',
          output: 'o',
        },
      ],
      interjections: [{ runId: 'r1', id: 'i1', text: 'hey', at: 5 }],
      approvals: [
        {
          runId: 'r1',
          toolCallId: 't1',
          toolName: 'x',
          input: {},
          preview: 'p',
          site: 'https://a.example',
          status: 'denied',
          requestedAt: 3,
        },
      ],
    });
    // The narrow read: the run and its approvals, nothing of its steps.
    expect(await journal.readApprovals('r1')).toEqual({
      run,
      approvals: [expect.objectContaining({ toolCallId: 't1', status: 'denied', site: 'https://a.example' })],
    });
    expect(await journal.readApprovals('nope')).toBeUndefined();
    const snap = await journal.read('r1');
    expect(snap!.steps.map((s) => s.index)).toEqual([0, 1]);
    expect(snap!.toolCalls.map((c) => c.toolCallId)).toEqual(['t2', 't1']);
    // A result journaled as a string (before results were typed) reads back as data.
    expect(snap!.toolCalls[0]).toMatchObject({ result: { value: 'o' } });
    expect(snap!.toolCalls[0]).not.toHaveProperty('output');
    expect(snap!.interjections[0]!.text).toBe('hey');
    expect((await journal.listUnfinished()).map((r) => r.id)).toEqual(['r1']);
    await journal.write({ run: { ...run, status: 'finished' } });
    expect(await journal.listUnfinished()).toEqual([]);
    expect(await journal.read('nope')).toBeUndefined();
    await journal.write({
      run: { ...run, id: 'child', parent: { runId: 'r1', toolCallId: 't1', agentPath: ['researcher'] } },
    });
    expect((await journal.listChildren('r1')).map((r) => r.id)).toEqual(['child']);
    expect(await journal.listChildren('child')).toEqual([]);
    expect((await journal.listRuns('c')).map((r) => r.id).sort()).toEqual(['child', 'r1']);
  });

  it('resumes a run killed during a consequential tool: not repeated, reported as unknown', async () => {
    const db = await freshDb();
    const journal = createIdbRunJournal(db);
    let starts = 0;
    const pay = defineTool({
      name: 'pay',
      description: 'Pays.',
      input: z.object({}),
      readOnly: false,
      execute: () => {
        starts++;
        return new Promise(() => undefined);
      },
    }) as Tool;
    const make = (scripts: Script[], events: AgentEvent[]) => {
      const model = createFakeChatModel(scripts);
      const runtime = createAgentRuntime({
        journal,
        resolveModel: () => model,
        tools: createToolRegistry([], [pay]),
        prompts,
        emit: (e) => events.push(e),
        sitePolicies: createIdbSitePolicyStore(db),
        latency: createIdbLatencyStore(db),
        timeZone: 'UTC',
      });
      return { runtime, model };
    };
    const firstEvents: AgentEvent[] = [];
    const first = make([toolCallsReply([{ id: 'p1', name: 'pay', input: {} }])], firstEvents);
    const h = await first.runtime.startRun({
      conversationId: 'c',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'pay' }] }],
      model: { provider: 'fake', modelId: 'm' },
    });
    while (starts === 0) await sleep(5);
    first.runtime.abandon();

    const events: AgentEvent[] = [];
    const second = make([textReply('Payment status unknown.')], events);
    const [resumed] = await second.runtime.resumeUnfinishedRuns();
    const r = await resumed!.done;
    expect(r.reason).toBe('stop');
    expect(starts).toBe(1);
    expect(second.model.calls[0]!.messages.at(-1)!.content[0]).toMatchObject({
      toolCallId: 'p1',
      isError: true,
      output: expect.stringContaining('outcome unknown'),
    });
    const snap = await journal.read(h.runId);
    expect(snap!.toolCalls[0]!.status).toBe('unknown');
    expect(snap!.run.status).toBe('finished');
    expect(events[0]).toEqual({ type: 'run-resumed', runId: h.runId, fromStep: 1 });
  });
});

describe('idb stores', () => {
  it('memories, site policies and latency', async () => {
    const db = await freshDb();
    const memory = createIdbMemoryStore(db);
    await memory.save({ id: 'a', text: 'Likes tea', tags: ['drinks'], createdAt: 1 });
    await memory.save({ id: 'b', text: 'Lives in Lyon', tags: [], createdAt: 2 });
    expect((await memory.search('tea', 5)).map((m) => m.id)).toEqual(['a']);
    expect((await memory.search('', 5)).map((m) => m.id)).toEqual(['b', 'a']);
    expect(await memory.delete('a')).toBe(true);
    expect(await memory.delete('a')).toBe(false);

    const policies = createIdbSitePolicyStore(db);
    await policies.allow('https://a.test', 'click');
    expect(await policies.isAllowed('https://a.test', 'click')).toBe(true);
    expect(await policies.isAllowed('https://b.test', 'click')).toBe(false);
    await policies.revoke('https://a.test', 'click');
    expect(await policies.isAllowed('https://a.test', 'click')).toBe(false);

    const latency = createIdbLatencyStore(db, 3);
    for (let i = 0; i < 5; i++) {
      await latency.add({
        runId: 'r',
        step: i,
        provider: 'p',
        modelId: 'm',
        at: i,
        durationMs: i,
        modelMs: i,
        tools: [],
        stopReason: 'stop',
        usage: emptyUsage(),
      });
    }
    expect((await latency.list()).map((r) => r.step)).toEqual([2, 3, 4]);
    expect((await latency.list(4)).map((r) => r.step)).toEqual([4]);
  });
});

describe('agent database migration', () => {
  it('splits version 1 whole steps into request, text and state, moves run inputs apart, and reads them back the same', async () => {
    const name = `tabwise-agent-v1-${crypto.randomUUID()}`;
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('runs', { keyPath: 'id' }).createIndex('byStatus', 'status');
        for (const s of ['steps'])
          db.createObjectStore(s, { keyPath: ['runId', 'index'] }).createIndex('byRun', 'runId');
        for (const s of ['toolCalls', 'approvals'])
          db.createObjectStore(s, { keyPath: ['runId', 'toolCallId'] }).createIndex('byRun', 'runId');
        db.createObjectStore('interjections', { keyPath: ['runId', 'id'] }).createIndex('byRun', 'runId');
        db.createObjectStore('memories', { keyPath: 'id' }).createIndex('byCreatedAt', 'createdAt');
        db.createObjectStore('sitePolicies', { keyPath: ['site', 'toolName'] });
        db.createObjectStore('latency', { autoIncrement: true }).createIndex('byAt', 'at');
      },
    });
    const user = { role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] };
    await v1.put('runs', {
      id: 'r',
      conversationId: 'c',
      messageId: 'm',
      model: { provider: 'p', modelId: 'x' },
      settings: {},
      messages: [user],
      status: 'running',
      createdAt: 1,
      updatedAt: 1,
    });
    const request = {
      system: 'S',
      messages: [user],
      tools: [{ name: 't', description: 'd', inputSchema: {} }],
      maxOutputTokens: 9,
    };
    await v1.put('steps', {
      runId: 'r',
      index: 0,
      status: 'done',
      request,
      text: 'Hello',
      reasoning: 'why',
      toolCallIds: [],
      startedAt: 1,
      finishedAt: 2,
    });
    v1.close();

    const db = await openAgentDb(name);
    const snap = await createIdbRunJournal(db).read('r');
    expect(snap!.steps[0]).toMatchObject({ status: 'done', text: 'Hello', reasoning: 'why', request, finishedAt: 2 });
    expect(await db.get('steps', ['r', 0])).not.toHaveProperty('request');
    expect(snap!.run.messages).toEqual([user]);
    expect(await db.get('runs', 'r')).not.toHaveProperty('messages');
    expect((await createIdbRunJournal(db).listRuns('c')).map((r) => r.id)).toEqual(['r']);
  });
});
