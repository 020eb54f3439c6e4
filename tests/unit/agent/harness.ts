/** Builds a runtime over fakes for the agent tests: recording model, memory journal, collected events. */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createAgentRuntime, type AgentRuntimeOptions } from '../../../lib/agent/agent-runtime';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import type { RunJournal } from '../../../lib/agent/run-journal';
import type { RunSettings } from '../../../lib/agent/run-settings';
import { createFakeChatModel, type Script } from '../../../lib/agent/testing/fake-chat-model';
import { loadPromptsFromDir } from '../../../lib/agent/testing/load-prompts-from-dir';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { createInMemorySitePolicyStore } from '../../../lib/tools/site-policy-store';
import { createToolRegistry } from '../../../lib/tools/tool-registry';

export const prompts = loadPromptsFromDir(fileURLToPath(new URL('../../../', import.meta.url)));

export const userMessage = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `predicate` holds, polling briefly (for waiting on async journal state). */
export async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > timeoutMs) throw new Error('until(): timed out');
    await sleep(2);
  }
}

/** A simple test tool that counts executions and echoes its input. */
export function echoTool(
  name: string,
  opts: Partial<Pick<Tool, 'readOnly' | 'needsApproval' | 'timeoutMs'>> & { delayMs?: number } = {},
) {
  const executions: unknown[] = [];
  /** When each execution started and ended (performance.now()), in the order they started. */
  const spans: { start: number; end?: number }[] = [];
  const tool = defineTool({
    name,
    description: `Echoes its input (${name}).`,
    input: z.object({ value: z.string() }),
    readOnly: opts.readOnly ?? true,
    needsApproval: opts.needsApproval ?? false,
    timeoutMs: opts.timeoutMs,
    async execute(input, ctx) {
      executions.push(input);
      const span: { start: number; end?: number } = { start: performance.now() };
      spans.push(span);
      if (opts.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, opts.delayMs);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(t);
            reject(new Error('aborted'));
          });
        });
      }
      span.end = performance.now();
      return `${name}:${input.value}`;
    },
  }) as Tool;
  return { tool, executions, spans };
}

export interface SetupOptions {
  scripts: Script[];
  tools?: Tool[];
  builtins?: Tool[];
  journal?: RunJournal;
  runtime?: Partial<AgentRuntimeOptions>;
}

/** A runtime over fakes; `start` begins a run with one user message. */
export function setup(o: SetupOptions) {
  const events: AgentEvent[] = [];
  const model = createFakeChatModel(o.scripts);
  const journal = o.journal ?? createMemoryRunJournal();
  const registry = createToolRegistry(o.builtins ?? []);
  for (const t of o.tools ?? []) registry.register(t, 'user');
  const sitePolicies = createInMemorySitePolicyStore();
  const options: AgentRuntimeOptions = {
    journal,
    resolveModel: () => model,
    tools: registry,
    prompts,
    emit: (e) => events.push(e),
    sitePolicies,
    timeZone: 'UTC',
    ...o.runtime,
  };
  const runtime = createAgentRuntime(options);
  const start = (text: string, settings: RunSettings = {}) =>
    runtime.startRun({
      conversationId: 'conv-1',
      messages: [userMessage(text)],
      model: { provider: 'fake', modelId: 'fake-model' },
      settings,
    });
  return { runtime, model, journal, events, start, registry, sitePolicies, options };
}

/** Event types in order, for compact assertions. */
export const types = (events: AgentEvent[]) => events.map((e) => e.type);
