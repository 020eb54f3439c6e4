/**
 * What a turn's answer is to what is stored: a new answer, a new version of an earlier answer to the same
 * question (Regenerate, Retry: the earlier versions stay with it), or the rest of an answer the user stopped
 * (Continue: the run's text is added to the same answer). Pure: the request's history and the answer's record
 * as the run starts.
 */
import type { ChatMessage } from '../core/chat-message';
import { versionsCarriedBy } from '../storage/answer-versions';
import type { MessageRecord } from '../storage/records';
import { toModelHistory } from './to-model-history';

export type TurnAnswer = { kind: 'version-of'; earlier: MessageRecord } | { kind: 'continue'; stopped: MessageRecord };

/** Told to the model after the partial answer when the user asks it to go on with an answer they stopped. */
export const CONTINUE_AFTER_STOP_NOTE =
  '(The user stopped your previous reply before it was finished and now asks you to continue it. ' +
  'Continue exactly from where it stopped; do not repeat what you already wrote.)';

/** The conversation the run answers: without the answer being replaced, or ending with the stopped one and the note. */
export function turnHistory(records: MessageRecord[], answer: TurnAnswer | undefined): ChatMessage[] {
  if (!answer) return toModelHistory(records);
  if (answer.kind === 'version-of') return toModelHistory(records.filter((m) => m.id !== answer.earlier.id));
  return [
    ...toModelHistory(records.map((m) => (m.id === answer.stopped.id ? answer.stopped : m))),
    { role: 'user', content: [{ type: 'text', text: CONTINUE_AFTER_STOP_NOTE }] },
  ];
}

/**
 * The answer's record as its run starts (or, with status 'error', as a turn that could not start leaves it).
 * `fresh` is a new answer's record; a new version takes the earlier answer's place (its id) and carries its
 * versions; a continued answer keeps what it had (its parts, text, the messages the model saw, usage) and the
 * run's view is laid after it when the run settles (settle-answer.ts).
 */
export function startingRecord(answer: TurnAnswer | undefined, fresh: MessageRecord): MessageRecord {
  if (!answer) return fresh;
  if (answer.kind === 'version-of') return { ...fresh, id: answer.earlier.id, ...versionsCarriedBy(answer.earlier) };
  // The stopped run's id and finish go: the record now belongs to the run that continues it.
  const { runId: _runId, finish: _finish, error: _error, ...head } = answer.stopped;
  return {
    ...head,
    // What the model was sent of the stopped answer, so the next turn sees it even if it was stored as text only.
    modelMessages: toModelHistory([answer.stopped]),
    status: fresh.status,
    ...(fresh.model ? { model: fresh.model } : {}),
    ...(fresh.unpriced ? { unpriced: true as const } : {}),
  };
}
