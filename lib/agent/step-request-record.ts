/**
 * A step's request is stored as what changed since the previous step's request: the messages it keeps, the
 * ones it appends, and the system prompt and tools only when they changed. Rebuilt whole on read.
 */
import type { ChatCall } from '../providers/chat-model';
import type { ChatMessage } from '../core/chat-message';
import type { StepRequestRecord } from './run-journal';

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** How many leading messages `next` shares with `previous`. */
function sharedPrefix(previous: ChatMessage[], next: ChatMessage[]): number {
  let n = 0;
  while (n < previous.length && n < next.length && same(previous[n], next[n])) n++;
  return n;
}

/**
 * The record for step `index`'s `request`, relative to `previous` (the step before's request; for step 0,
 * a request of the run's input messages with no system prompt, so the conversation is not stored twice).
 */
export function toStepRequestRecord(
  runId: string,
  index: number,
  previous: ChatCall,
  request: ChatCall,
): StepRequestRecord {
  const { system, messages, tools, ...options } = request;
  const keep = sharedPrefix(previous.messages, messages);
  const record: StepRequestRecord = { runId, index, keep, append: messages.slice(keep), options };
  if (index === 0 || system !== previous.system) record.system = system;
  if (index === 0 || !same(tools ?? [], previous.tools ?? [])) record.tools = tools ?? [];
  return record;
}

/** The base a step 0 request is stored against. */
export const baseRequest = (inputMessages: ChatMessage[]): ChatCall => ({ system: '', messages: inputMessages });

/** Rebuilds each step's whole request from its record and the one before (records sorted by index, gap-free). */
export function rebuildStepRequests(inputMessages: ChatMessage[], records: StepRequestRecord[]): ChatCall[] {
  const out: ChatCall[] = [];
  let previous = baseRequest(inputMessages);
  for (const r of records) {
    const tools = r.tools ?? previous.tools ?? [];
    const request: ChatCall = {
      system: r.system ?? previous.system,
      messages: [...previous.messages.slice(0, r.keep), ...r.append],
    };
    if (tools.length > 0) request.tools = tools;
    Object.assign(request, r.options);
    out.push(request);
    previous = request;
  }
  return out;
}
