/**
 * The resume matrix: a worker killed at each point of a run (simulated by abandoning the runtime and
 * creating a new one over the same journal) must finish the run with each tool executed exactly once,
 * consequential calls of unknown outcome not repeated, and no message lost.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { textReply, toolCallsReply, type Script } from '../../../lib/agent/testing/fake-chat-model';
import { UNKNOWN_OUTCOME } from '../../../lib/agent/run-step-tools';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { echoTool, setup, until } from './harness';

/** Two runtimes over one journal: `first` is killed, `second` resumes. */
function worlds(firstScripts: Script[], secondScripts: Script[], tools: Tool[]) {
  const journal = createMemoryRunJournal();
  const first = setup({ journal, tools, scripts: firstScripts, runtime: { checkpointIntervalMs: 0 } });
  const secondEvents: AgentEvent[] = [];
  const second = () => {
    const s = setup({ journal, tools, scripts: secondScripts });
    s.events.length = 0;
    return Object.assign(s, { secondEvents });
  };
  return { journal, first, second };
}

/** A tool whose execution blocks until released, counting how often it started. */
function blockingTool(name: string, readOnly: boolean) {
  const starts: number[] = [];
  let release: () => void = () => undefined;
  const tool = defineTool({
    name,
    description: `Blocks (${name}).`,
    input: z.object({}),
    readOnly,
    execute: () => {
      starts.push(Date.now());
      return new Promise<string>((r) => {
        release = () => r(`${name} done`);
      });
    },
  }) as Tool;
  return { tool, starts, release: () => release() };
}

describe('resume after the worker is killed', () => {
  it('during a model stream: keeps the text seen, marks it interrupted, retries once, loses no message', async () => {
    const w = worlds([[{ type: 'text-delta', delta: 'Half of the ' }, { hang: true }]], [textReply('answer.')], []);
    const h = await w.first.start('question');
    await until(async () => (await w.journal.read(h.runId))?.steps[0]?.text === 'Half of the ');
    w.first.runtime.abandon();
    const b = w.second();
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    const r = await resumed!.done;
    expect(r.reason).toBe('stop');
    const snap = await w.journal.read(h.runId);
    expect(snap!.steps[0]).toMatchObject({ text: 'Half of the ', interrupted: 'worker-stopped', status: 'done' });
    expect(snap!.steps[1]).toMatchObject({ text: 'answer.', retryOf: 0 });
    // The retried call sees the original question, the kept text and a note to continue.
    const msgs = b.model.calls[0]!.messages;
    expect(msgs[0]).toMatchObject({ role: 'user', content: [{ text: 'question' }] });
    expect(msgs[1]).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Half of the ' }] });
    expect(msgs[2]!.role).toBe('user');
    expect(b.events).toContainEqual({
      type: 'text-interrupted',
      runId: h.runId,
      messageId: resumed!.messageId,
      step: 0,
      reason: 'worker-stopped',
    });
    expect(r.messages.map((m) => m.role)).toEqual(['assistant', 'assistant']);
  });

  it('after tool calls arrive but before they run: each runs exactly once', async () => {
    const a = echoTool('a');
    const gate = blockingTool('gate', false);
    const journal = createMemoryRunJournal();
    // Kill the worker right after the step with the calls is journaled (write-through hook).
    let kill: () => void = () => undefined;
    const hooked = {
      ...journal,
      write: async (b: Parameters<typeof journal.write>[0]) => {
        await journal.write(b);
        if (b.toolCalls?.some((c) => c.status === 'pending')) kill();
      },
    };
    const first = setup({
      journal: hooked,
      tools: [a.tool, gate.tool],
      scripts: [
        toolCallsReply([
          { id: 'c1', name: 'a', input: { value: '1' } },
          { id: 'c2', name: 'gate', input: {} },
        ]),
      ],
    });
    kill = () => first.runtime.abandon();
    const h = await first.start('go');
    await h.done;
    expect(a.executions).toHaveLength(0);
    expect(gate.starts).toHaveLength(0);

    const second = setup({ journal, tools: [a.tool, gate.tool], scripts: [textReply('finished')] });
    const [resumed] = await second.runtime.resumeUnfinishedRuns();
    await until(() => gate.starts.length === 1);
    gate.release();
    const r = await resumed!.done;
    expect(r.reason).toBe('stop');
    expect(a.executions).toHaveLength(1);
    expect(gate.starts).toHaveLength(1);
    expect(
      second.model.calls[0]!.messages.at(-1)!.content.map((p) => (p.type === 'tool-result' ? p.output : '')),
    ).toEqual(['a:1', 'gate done']);
  });

  it('during a consequential tool: reported as outcome unknown and not repeated; finished ones not re-run', async () => {
    const done = echoTool('fast', { readOnly: false });
    const risky = blockingTool('pay', false);
    const w = worlds(
      [
        toolCallsReply([
          { id: 'f', name: 'fast', input: { value: 'x' } },
          { id: 'p', name: 'pay', input: {} },
        ]),
      ],
      [textReply('I could not confirm the payment.')],
      [done.tool, risky.tool],
    );
    const h = await w.first.start('pay');
    await until(
      async () =>
        (await w.journal.read(h.runId))?.toolCalls.find((c) => c.toolCallId === 'f')?.status === 'done' &&
        risky.starts.length === 1,
    );
    w.first.runtime.abandon();
    const b = w.second();
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    const r = await resumed!.done;
    expect(r.reason).toBe('stop');
    expect(risky.starts).toHaveLength(1);
    expect(done.executions).toHaveLength(1);
    const results = b.model.calls[0]!.messages.at(-1)!.content;
    expect(results).toEqual([
      { type: 'tool-result', toolCallId: 'f', toolName: 'fast', output: 'fast:x', isError: false },
      { type: 'tool-result', toolCallId: 'p', toolName: 'pay', output: UNKNOWN_OUTCOME, isError: true },
    ]);
    expect(UNKNOWN_OUTCOME).toContain('outcome unknown (the browser stopped the worker while it ran); not repeated');
    expect((await w.journal.read(h.runId))!.toolCalls.find((c) => c.toolCallId === 'p')!.status).toBe('unknown');
  });

  it('during a read-only tool: it may be run again', async () => {
    const reader = blockingTool('read', true);
    const w = worlds([toolCallsReply([{ id: 'r', name: 'read', input: {} }])], [textReply('read it')], [reader.tool]);
    const h = await w.first.start('read');
    await until(() => reader.starts.length === 1);
    w.first.runtime.abandon();
    const b = w.second();
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    await until(() => reader.starts.length === 2);
    reader.release();
    expect((await resumed!.done).reason).toBe('stop');
    expect((await w.journal.read(h.runId))!.toolCalls[0]).toMatchObject({
      status: 'done',
      result: { value: 'read done' },
    });
  });

  it('while an approval waits: re-emits the pending approval instead of asking the model again', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const w = worlds(
      [toolCallsReply([{ id: 's1', name: 'submit', input: { value: 'form' } }])],
      [textReply('submitted')],
      [submit.tool],
    );
    const h = await w.first.start('submit it');
    await until(() => w.first.events.some((e) => e.type === 'approval-requested'));
    w.first.runtime.abandon();
    const b = w.second();
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    await until(() => b.events.some((e) => e.type === 'approval-requested'));
    expect(b.model.calls).toHaveLength(0);
    const re = b.events.find((e) => e.type === 'approval-requested');
    expect(re).toMatchObject({ runId: h.runId, toolCallId: 's1', preview: 'submit\n  value: form' });
    await b.runtime.resolveApproval(h.runId, 's1', 'approved');
    expect((await resumed!.done).reason).toBe('stop');
    expect(submit.executions).toHaveLength(1);
    expect(b.model.calls).toHaveLength(1);
  });

  it('honours a decision that arrived while no worker was running the run', async () => {
    const submit = echoTool('submit', { needsApproval: true, readOnly: false });
    const w = worlds(
      [toolCallsReply([{ id: 's1', name: 'submit', input: { value: 'f' } }])],
      [textReply('ok')],
      [submit.tool],
    );
    const h = await w.first.start('go');
    await until(() => w.first.events.some((e) => e.type === 'approval-requested'));
    w.first.runtime.abandon();
    const b = w.second();
    await b.runtime.resolveApproval(h.runId, 's1', 'denied');
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    await resumed!.done;
    expect(submit.executions).toHaveLength(0);
    expect(b.model.calls[0]!.messages.at(-1)!.content[0]).toMatchObject({ isError: true });
  });

  it('keeps an interjection queued while the worker was dead', async () => {
    const reader = blockingTool('read', true);
    const w = worlds([toolCallsReply([{ id: 'r', name: 'read', input: {} }])], [textReply('ok')], [reader.tool]);
    const h = await w.first.start('read');
    await until(() => reader.starts.length === 1);
    await w.first.runtime.interject(h.runId, 'and be brief');
    w.first.runtime.abandon();
    const b = w.second();
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    await until(() => reader.starts.length === 2);
    reader.release();
    await resumed!.done;
    expect(b.model.calls[0]!.messages.at(-1)).toMatchObject({ role: 'user', content: [{ text: 'and be brief' }] });
  });

  it('a finished run is not resumed', async () => {
    const w = worlds([textReply('hi')], [], []);
    await (
      await w.first.start('q')
    ).done;
    const b = w.second();
    expect(await b.runtime.resumeUnfinishedRuns()).toEqual([]);
  });

  it('an interrupted retry ends the run with an error instead of looping', async () => {
    const journal = createMemoryRunJournal();
    const hang: Script = [{ type: 'text-delta', delta: 'x' }, { hang: true }];
    const a = setup({ journal, scripts: [hang], runtime: { checkpointIntervalMs: 0 } });
    const h = await a.start('q');
    await until(async () => (await journal.read(h.runId))?.steps[0]?.text === 'x');
    a.runtime.abandon();
    const b = setup({ journal, scripts: [hang], runtime: { checkpointIntervalMs: 0 } });
    await b.runtime.resumeUnfinishedRuns();
    await until(async () => (await journal.read(h.runId))?.steps[1]?.text === 'x');
    b.runtime.abandon();
    const c = setup({ journal, scripts: [] });
    const [resumed] = await c.runtime.resumeUnfinishedRuns();
    expect((await resumed!.done).reason).toBe('error');
    expect(c.model.calls).toHaveLength(0);
  });
});

describe('the data boundary across a restart', () => {
  it('a resumed run re-sends the same marked page block (the boundary is journaled with the run)', async () => {
    const w = worlds([[{ type: 'text-delta', delta: 'Reading ' }, { hang: true }]], [textReply('done.')], []);
    const h = await w.first.start('question', { pageContext: { url: 'https://evil.test/', title: 'Evil' } });
    await until(async () => (await w.journal.read(h.runId))?.steps[0]?.text === 'Reading ');
    const sent = w.first.model.calls[0]!.messages[0];
    expect(JSON.stringify(sent)).toMatch(
      /<untrusted_page_content boundary=\\"[0-9a-f]{32}\\" source=\\"active_page\\">/,
    );
    w.first.runtime.abandon();
    const b = w.second();
    const [resumed] = await b.runtime.resumeUnfinishedRuns();
    await resumed!.done;
    expect(b.model.calls[0]!.messages[0]).toEqual(sent);
  });
});
