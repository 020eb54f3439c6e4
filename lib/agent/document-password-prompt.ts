/**
 * The card that asks for a document's password while a call reads it (read_page on a PDF tab, fetch_url): the
 * question is journaled as an approval record of its own (as the step-limit pause is), so a restarted worker asks
 * again and a click given meanwhile is not lost; the password the user types goes from the panel into the worker's
 * memory (the user-input inbox, keyed by the prompt) and from there once to the reader. It is never in the record,
 * an event, the call's result or anything the model is sent.
 */
import { userInputInbox, type UserInputInbox } from '../tools/user-input-inbox';
import type { AgentEvent } from './agent-event';
import type { LiveRun, RuntimeDeps } from './run-context';
import type { ApprovalRecord, RunSnapshot } from './run-journal';

/** The approval records' tool name for the prompt (no tool has it: it never reaches a registry or a model). */
export const DOCUMENT_PASSWORD = 'document_password';

/** What the prompt's record carries: the call it belongs to, the file's name, and whether the last try was wrong. */
export interface PasswordPromptInput {
  toolCallId: string;
  file: string;
  wrong: boolean;
}

const isPromptOf = (toolCallId: string) => (a: ApprovalRecord) =>
  a.toolName === DOCUMENT_PASSWORD && (a.input as PasswordPromptInput).toolCallId === toolCallId;

/**
 * Asks (or asks again, after a restart) for the password of `file` on the card of call `toolCallId`; resolves
 * with it, or undefined when the user cancelled (or a decision came without one). Rejects with the signal's reason
 * when the run stops while the card waits.
 */
export async function askDocumentPassword(
  live: LiveRun,
  deps: RuntimeDeps,
  ask: { toolCallId: string; file: string; wrong: boolean; signal: AbortSignal },
  inbox: UserInputInbox = userInputInbox,
): Promise<string | undefined> {
  const runId = live.snap.run.id;
  const asked = live.snap.approvals.filter(isPromptOf(ask.toolCallId));
  let a = asked.at(-1);
  if (a?.status !== 'pending') {
    const input: PasswordPromptInput = { toolCallId: ask.toolCallId, file: ask.file, wrong: ask.wrong };
    a = {
      runId,
      toolCallId: `${ask.toolCallId}-password-${asked.length + 1}`,
      toolName: DOCUMENT_PASSWORD,
      input,
      preview: '',
      canAlwaysAllow: false,
      status: 'pending',
      requestedAt: deps.now(),
    };
    live.snap.approvals.push(a);
    await deps.journal.write({ approvals: [a] });
  }
  const [requested] = promptEvents(runId, { ...a, status: 'pending' });
  live.emit(requested!);
  try {
    a.status = await deps.waiters.wait(runId, a.toolCallId, ask.signal);
  } catch (reason) {
    if (!deps.isDead()) {
      a.status = 'cancelled';
      a.resolvedAt = deps.now();
      await deps.journal.write({ approvals: [a] });
    }
    throw reason;
  }
  a.resolvedAt = deps.now();
  const secret = a.status === 'denied' ? undefined : inbox.take(runId, a.toolCallId)?.secret;
  // A decision without a password (the worker restarted and lost it) counts as not given: the reader asks again.
  if (!secret && a.status !== 'denied') a.status = 'cancelled';
  await deps.journal.write({ approvals: [a] });
  live.emit({
    type: 'password-resolved',
    runId,
    toolCallId: ask.toolCallId,
    promptId: a.toolCallId,
    decision: secret ? 'given' : 'cancelled',
  });
  return secret;
}

/** The events that show a prompt's card and, once answered, its outcome (for a replay from the journal). */
export function promptEvents(runId: string, a: ApprovalRecord): AgentEvent[] {
  const { toolCallId, file, wrong } = a.input as PasswordPromptInput;
  const asked: AgentEvent = {
    type: 'password-requested',
    runId,
    toolCallId,
    promptId: a.toolCallId,
    file,
    ...(wrong ? { wrong: true as const } : {}),
  };
  if (a.status === 'pending') return [asked];
  const decision = a.status === 'approved' || a.status === 'always' ? 'given' : 'cancelled';
  return [asked, { type: 'password-resolved', runId, toolCallId, promptId: a.toolCallId, decision }];
}

/** Every password prompt of call `toolCallId`, as events, in the order asked. */
export const passwordPromptEvents = (s: RunSnapshot, toolCallId: string): AgentEvent[] =>
  s.approvals.filter(isPromptOf(toolCallId)).flatMap((a) => promptEvents(s.run.id, a));
