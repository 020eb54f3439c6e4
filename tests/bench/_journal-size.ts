/**
 * Provisional (the journal work of issue 9 brings its own; the lead keeps the better one): the stored size of
 * the run journal after a scripted run of `steps` model steps, each calling one tool, through the real
 * createAgentRuntime over the in-memory journal and a fake model. The size is the sum of the UTF-8 JSON length
 * of every record the journal holds at the end (the run, its steps, tool calls, approvals, interjections).
 *
 * A run stops at MAX_STEPS_CEILING (50) model steps, so a longer task is what a user does at the step limit:
 * the same conversation continued ("Continue.") by further runs of at most 50 steps, each given the conversation
 * so far. Every step calls a tool, so each run ends at its step limit.
 */
import { z } from 'zod';
import { createAgentRuntime } from '../../lib/agent/agent-runtime';
import { createMemoryRunJournal } from '../../lib/agent/memory-run-journal';
import type { JournalBatch, RunJournal } from '../../lib/agent/run-journal';
import { MAX_STEPS_CEILING } from '../../lib/agent/run-settings';
import { createFakeChatModel, toolCallsReply, type Script } from '../../lib/agent/testing/fake-chat-model';
import { loadPromptsFromDir } from '../../lib/agent/testing/load-prompts-from-dir';
import type { ChatMessage } from '../../lib/providers/chat-model';
import { defineTool, type Tool } from '../../lib/tools/define-tool';
import { createInMemorySitePolicyStore } from '../../lib/tools/site-policy-store';
import { createToolRegistry } from '../../lib/tools/tool-registry';

// A tool result of a realistic size (a paragraph of a page), different at every step.
const readNote = defineTool({
  name: 'read_note',
  description: 'Reads one note.',
  input: z.object({ i: z.number() }),
  readOnly: true,
  execute: ({ i }) => `Note ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(8)}(end of note ${i})`,
}) as Tool;

const user = (text: string): ChatMessage => ({ role: 'user', content: [{ type: 'text', text }] });

/** Every run id the journal was asked to write, so all of them are measured at the end. */
function recordingJournal(inner: RunJournal, runIds: Set<string>): RunJournal {
  return {
    write(batch: JournalBatch) {
      if (batch.run) runIds.add(batch.run.id);
      return inner.write(batch);
    },
    read: (runId) => inner.read(runId),
    listUnfinished: () => inner.listUnfinished(),
  };
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** The stored journal size in bytes of a scripted `steps`-step task with one tool call per step. */
export async function measureJournalBytes(steps: number): Promise<number> {
  const runIds = new Set<string>();
  const memory = createMemoryRunJournal();
  const journal = recordingJournal(memory, runIds);
  const registry = createToolRegistry([]);
  registry.register(readNote, 'user');
  let clock = 1_700_000_000_000;
  let ids = 0;
  let conversation: ChatMessage[] = [user('Read my notes one by one and summarise them.')];
  for (let done = 0; done < steps; ) {
    const inRun = Math.min(MAX_STEPS_CEILING, steps - done);
    // Every model step writes a line and calls one tool; the run ends at its step limit.
    const scripts: Script[] = Array.from({ length: inRun }, (_, k) =>
      toolCallsReply([{ id: `call-${done + k}`, name: 'read_note', input: { i: done + k } }], `Reading note ${done + k}.`));
    const runtime = createAgentRuntime({
      journal,
      resolveModel: () => createFakeChatModel(scripts),
      tools: registry,
      prompts: loadPromptsFromDir(process.cwd()),
      emit: () => undefined,
      sitePolicies: createInMemorySitePolicyStore(),
      timeZone: 'UTC',
      now: () => (clock += 7),
      generateId: () => `id-${++ids}`,
    });
    const handle = await runtime.startRun({ conversationId: 'journal-size', messages: conversation, model: { provider: 'fake', modelId: 'bench' }, settings: { maxSteps: inRun } });
    const result = await handle.done;
    if (result.reason !== 'step-limit') throw new Error(`journal-size run ended with ${result.reason}${result.error ? `: ${result.error.message}` : ''}`);
    conversation = [...conversation, ...result.messages, user('Continue.')];
    done += inRun;
  }
  let bytes = 0;
  for (const runId of runIds) {
    const snapshot = await memory.read(runId);
    if (!snapshot) throw new Error(`journal lost run ${runId}`);
    for (const value of Object.values(snapshot)) {
      for (const record of Array.isArray(value) ? value : [value]) bytes += jsonBytes(record);
    }
  }
  return bytes;
}
