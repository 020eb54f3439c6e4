/**
 * Keeps what an Undo did on the fill's record, so the card shows it (and stops offering Undo) after the
 * panel is closed and reopened: on the journal's tool call (a run still live folds it into its answer when
 * it ends) and on the stored answer's card (a finished run's answer is read from there).
 */
import type { RunJournal } from '../agent/run-journal';
import type { ConversationStore } from '../storage/conversation-store';
import type { RunPart, UndoOutcome } from '../core/run-part';
import type { Awaitable } from './handlers/handler-set';
import type { BackgroundHandlers } from './protocol';
import { UserFacingError } from '../messaging/user-facing-error';

export interface UndoRecorderDeps {
  journal: Awaitable<Pick<RunJournal, 'read' | 'write'>>;
  conversations: Awaitable<Pick<ConversationStore, 'getMessage' | 'putMessage'>>;
}

export type RecordUndo = (runId: string, toolCallId: string, undo: UndoOutcome) => Promise<void>;

/** `parts` with `undo` set on the tool call `toolCallId`, at any depth (sub-agent cards included). */
export function withUndo(parts: RunPart[], toolCallId: string, undo: UndoOutcome): RunPart[] {
  return parts.map((p) => {
    if (p.kind !== 'tool') return p;
    if (p.toolCallId === toolCallId) return { ...p, undo };
    return p.nested ? { ...p, nested: withUndo(p.nested, toolCallId, undo) } : p;
  });
}

export function createUndoRecorder(deps: UndoRecorderDeps): RecordUndo {
  return async (runId, toolCallId, undo) => {
    const journal = await deps.journal;
    const snap = await journal.read(runId);
    const call = snap?.toolCalls.find((c) => c.toolCallId === toolCallId);
    if (!snap || !call) return;
    await journal.write({ toolCalls: [{ ...call, undo }] });
    const store = await deps.conversations;
    const message = await store.getMessage(snap.run.messageId);
    if (message?.parts) await store.putMessage({ ...message, parts: withUndo(message.parts, toolCallId, undo) });
  };
}

/**
 * The undo handler with its outcome recorded: what was restored, or the reason the user was given when
 * nothing could be (the page navigated, the tab closed). Unexpected errors are not recorded: Undo stays.
 */
export function recordingUndo(handler: BackgroundHandlers['page.undoFill'], record: RecordUndo): BackgroundHandlers {
  if (!handler) return {};
  return {
    'page.undoFill': async (req, context) => {
      try {
        const r = await handler(req, context);
        await record(req.runId, req.toolCallId, { restored: r.restoredKeys, failed: r.failed });
        return r;
      } catch (error) {
        if (error instanceof UserFacingError) await record(req.runId, req.toolCallId, { error: error.message });
        throw error;
      }
    },
  };
}
