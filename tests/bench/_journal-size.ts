/**
 * How big a run's journal gets: a scripted run of N steps, each with one tool call, through the real runtime
 * over the in-memory journal (which stores the same records as the IndexedDB one). The architecture bench
 * reports journal_kb_50_steps and journal_growth_ratio (100 steps over twice 50; linear is 1.0) from it.
 */
import { stepLimit } from '../../lib/agent/stop-condition';
import { z } from 'zod';
import { createAgentRuntime } from '../../lib/agent/agent-runtime';
import { createMemoryRunJournal } from '../../lib/agent/memory-run-journal';
import { RUN_LIMITS } from '../../lib/agent/run-settings';
import { createFakeChatModel, toolCallsReply } from '../../lib/agent/testing/fake-chat-model';
import { loadPromptsFromDir } from '../../lib/agent/testing/load-prompts-from-dir';
import { defineTool, type Tool } from '../../lib/tools/define-tool';
import { createInMemorySitePolicyStore } from '../../lib/tools/site-policy-store';
import { createToolRegistry } from '../../lib/tools/tool-registry';

/** A read-only tool whose result is a paragraph, like a typical page read. */
const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a thing up.',
  input: z.object({ i: z.number() }),
  readOnly: true,
  execute: ({ i }) => `Result ${i}: ${'lorem ipsum dolor sit amet '.repeat(20)}`,
}) as Tool;

/** Bytes (JSON length) of every record the journal holds after an N-step run with one tool call per step. */
export async function measureJournalBytes(steps: number): Promise<number> {
  const journal = createMemoryRunJournal();
  const scripts = Array.from({ length: steps }, (_, i) =>
    toolCallsReply([{ id: `call-${i}`, name: 'lookup', input: { i } }], `Step ${i}: looking up. `),
  );
  const model = createFakeChatModel(scripts);
  const tools = createToolRegistry([]);
  tools.register(lookup, 'user');
  let t = 0;
  const runtime = createAgentRuntime({
    journal,
    resolveModel: () => model,
    tools,
    prompts: loadPromptsFromDir(process.cwd()),
    emit: () => undefined,
    sitePolicies: createInMemorySitePolicyStore(),
    timeZone: 'UTC',
    now: () => ++t,
    maxStepsCeiling: steps,
    // Ends at the limit instead of pausing to ask the user to continue: no one clicks here.
    stopWhen: [stepLimit(steps)],
  });
  const handle = await runtime.startRun({
    // The token budget would rightly stop a run this long; its journal's size is what is measured.
    conversationId: 'bench',
    model: { provider: 'fake', modelId: 'bench' },
    settings: { maxSteps: steps, maxRunTokens: RUN_LIMITS.maxRunTokens.max },
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Look up everything, one call at a time.' }] }],
  });
  const result = await handle.done;
  if (result.reason !== 'step-limit') throw new Error(`The ${steps}-step run ended with "${result.reason}"`);
  return journal.storedBytes();
}
