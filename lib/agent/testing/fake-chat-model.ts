/**
 * A recording fake ChatModel (after the AI SDK's MockLanguageModel): each call plays the next script of
 * stream parts and is kept in `calls`. Scripts can wait, hang until aborted, wait for a promise, or throw, to stage
 * failures.
 */
import type { ChatCall, ChatModel, FinishReason, ModelStreamPart } from '../../providers/chat-model';
import type { Usage } from '../../core/usage';
import { emptyUsage } from '../../providers/chat-model';
import { abortReason } from '../abortable';

export type ScriptItem =
  | ModelStreamPart
  | { wait: number }
  | { hang: true }
  | { throw: unknown }
  /** Resolves the promise's `resolve` when the stream reaches this point (a hook for tests). */
  | { reached: () => void }
  /** Holds the stream here until the promise settles (staging calls that answer at the same moment). */
  | { until: Promise<unknown> };

export type Script = ScriptItem[] | ((call: ChatCall, callIndex: number) => ScriptItem[]);

export interface FakeChatModel extends ChatModel {
  readonly calls: ChatCall[];
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** A fake model that plays `scripts` in order, one per stream() call; a call past the end throws. */
export function createFakeChatModel(
  scripts: Script[],
  opts: { provider?: string; modelId?: string } = {},
): FakeChatModel {
  const calls: ChatCall[] = [];
  return {
    provider: opts.provider ?? 'fake',
    modelId: opts.modelId ?? 'fake-model',
    calls,
    async *stream(call, signal) {
      const index = calls.length;
      calls.push(structuredClone(call));
      const script = scripts[index];
      if (!script) throw new Error(`FakeChatModel: no script for call ${index + 1}`);
      for (const item of typeof script === 'function' ? script(call, index) : script) {
        if (signal.aborted) throw abortReason(signal);
        if ('wait' in item) await sleep(item.wait, signal);
        else if ('hang' in item) await sleep(2 ** 31 - 1, signal);
        else if ('throw' in item) throw item.throw;
        else if ('reached' in item) item.reached();
        else if ('until' in item) await item.until;
        else yield item;
      }
    },
  };
}

/** A finish part with the given reason and usage. */
export const finishPart = (finishReason: FinishReason = 'stop', usage: Partial<Usage> = {}): ModelStreamPart => ({
  type: 'finish',
  finishReason,
  usage: { ...emptyUsage(), ...usage },
});

/** A plain text reply, streamed in `chunks` pieces. */
export function textReply(text: string, chunks = 1, usage: Partial<Usage> = {}): ScriptItem[] {
  const size = Math.max(1, Math.ceil(text.length / chunks));
  const parts: ScriptItem[] = [];
  for (let i = 0; i < text.length; i += size) parts.push({ type: 'text-delta', delta: text.slice(i, i + size) });
  return [...parts, finishPart('stop', usage)];
}

/** A reply that calls tools (inputs given as objects, or as raw JSON text to stage malformed input). */
export function toolCallsReply(calls: Array<{ id: string; name: string; input: unknown }>, text = ''): ScriptItem[] {
  const parts: ScriptItem[] = text ? [{ type: 'text-delta', delta: text }] : [];
  for (const c of calls) {
    parts.push({ type: 'tool-call-start', toolCallId: c.id, toolName: c.name });
    parts.push({
      type: 'tool-call',
      toolCallId: c.id,
      toolName: c.name,
      input: typeof c.input === 'string' ? c.input : JSON.stringify(c.input),
    });
  }
  return [...parts, finishPart('tool-calls')];
}
