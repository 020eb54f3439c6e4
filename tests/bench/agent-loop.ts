/**
 * Agent loop benchmark: loop overhead per step (zero-latency fake model, no-op tool), three parallel 200 ms
 * tools, and resume latency (fresh runtime over a journal with an unfinished run → next model request).
 * Targets: overhead ≤ 2 ms/step, parallel ≤ 260 ms, resume ≤ 500 ms. resume_ms is measured in the built extension
 * (see _resume-in-extension.ts); the Node figure over the in-memory journal is printed beside it.
 */
import { z } from 'zod';
import { createAgentRuntime } from '../../lib/agent/agent-runtime';
import { createMemoryRunJournal } from '../../lib/agent/memory-run-journal';
import type { RunJournal } from '../../lib/agent/run-journal';
import { createFakeChatModel, textReply, toolCallsReply, type Script } from '../../lib/agent/testing/fake-chat-model';
import { loadPromptsFromDir } from '../../lib/agent/testing/load-prompts-from-dir';
import { defineTool, type Tool } from '../../lib/tools/define-tool';
import { createInMemorySitePolicyStore } from '../../lib/tools/site-policy-store';
import { createToolRegistry } from '../../lib/tools/tool-registry';

import { resumeInExtension } from './_resume-in-extension';

const prompts = loadPromptsFromDir(process.cwd());
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const user = (text: string) => [{ role: 'user' as const, content: [{ type: 'text' as const, text }] }];
const model = { provider: 'fake', modelId: 'bench' };

function runtimeWith(scripts: Script[], tools: Tool[], journal: RunJournal = createMemoryRunJournal()) {
  const fake = createFakeChatModel(scripts);
  const registry = createToolRegistry([]);
  for (const t of tools) registry.register(t, 'user');
  const runtime = createAgentRuntime({
    journal,
    resolveModel: () => fake,
    tools: registry,
    prompts,
    emit: () => undefined,
    sitePolicies: createInMemorySitePolicyStore(),
    timeZone: 'UTC',
  });
  return { runtime, fake };
}

const noop = defineTool({
  name: 'noop',
  description: 'Does nothing.',
  input: z.object({ i: z.number() }),
  readOnly: true,
  execute: () => 'ok',
}) as Tool;
const wait200 = defineTool({
  name: 'wait200',
  description: 'Waits 200 ms.',
  input: z.object({}),
  readOnly: true,
  execute: () => new Promise((r) => setTimeout(() => r('waited'), 200)),
}) as Tool;

async function overheadPerStep(): Promise<number> {
  const steps = 20;
  const samples: number[] = [];
  for (let rep = 0; rep < 15; rep++) {
    const scripts = [
      ...Array.from({ length: steps - 1 }, (_, i) => toolCallsReply([{ id: `c${i}`, name: 'noop', input: { i } }])),
      textReply('done'),
    ];
    const { runtime } = runtimeWith(scripts, [noop]);
    const t0 = performance.now();
    const h = await runtime.startRun({ conversationId: 'c', messages: user('go'), model, settings: { maxSteps: 50 } });
    await h.done;
    samples.push((performance.now() - t0) / steps);
  }
  return median(samples.slice(3)); // the first runs pay for JIT warm-up
}

async function parallel3x200(): Promise<number> {
  const samples: number[] = [];
  for (let rep = 0; rep < 5; rep++) {
    const calls = [0, 1, 2].map((i) => ({ id: `w${i}`, name: 'wait200', input: {} }));
    const { runtime } = runtimeWith([toolCallsReply(calls), textReply('ok')], [wait200]);
    const t0 = performance.now();
    await (
      await runtime.startRun({ conversationId: 'c', messages: user('go'), model })
    ).done;
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

async function resume(): Promise<number> {
  const samples: number[] = [];
  for (let rep = 0; rep < 7; rep++) {
    const journal = createMemoryRunJournal();
    // A run with some history, killed while a read-only tool ran.
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    const hang = defineTool({
      name: 'hang',
      description: 'Hangs.',
      input: z.object({}),
      readOnly: false,
      execute: () => {
        started();
        return new Promise(() => undefined);
      },
    }) as Tool;
    const history = Array.from({ length: 5 }, (_, i) => toolCallsReply([{ id: `n${i}`, name: 'noop', input: { i } }]));
    const first = runtimeWith(
      [...history, toolCallsReply([{ id: 'h', name: 'hang', input: {} }])],
      [noop, hang],
      journal,
    );
    await first.runtime.startRun({ conversationId: 'c', messages: user('go'), model });
    await running;
    first.runtime.abandon();

    let requested!: (t: number) => void;
    const firstRequest = new Promise<number>((r) => {
      requested = r;
    });
    const second = runtimeWith(
      [
        (call) => {
          void call;
          requested(performance.now());
          return textReply('ok');
        },
      ],
      [noop, hang],
      journal,
    );
    const t0 = performance.now();
    const handles = await second.runtime.resumeUnfinishedRuns();
    samples.push((await firstRequest) - t0);
    await handles[0]!.done;
  }
  return median(samples);
}

const overhead = await overheadPerStep();
const parallel = await parallel3x200();
const resumeNodeMs = await resume();
const resumeMs = median(await resumeInExtension(5));
const f = (n: number) => (n < 10 ? n.toFixed(3) : n.toFixed(1));
console.log(`resume in Node over the in-memory journal: ${f(resumeNodeMs)} ms`);
console.log(
  `overhead per step ${f(overhead)} ms (target ≤ 2), 3×200 ms parallel tools ${f(parallel)} ms (target ≤ 260), resume in the extension ${f(resumeMs)} ms from the kill (target ≤ 500 from wake; median of 5)`,
);
console.log(`agent-loop: overhead_ms_per_step=${f(overhead)} parallel3x200_ms=${f(parallel)} resume_ms=${f(resumeMs)}`);
