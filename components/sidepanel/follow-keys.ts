/** What the panel watches in the conversation to move the view: the last thing sent, and a decision waiting. */
import type { QueuedMessage } from '../../lib/background/queued-messages';
import type { RunPart } from '../../lib/core/run-part';
import type { MessageRecord } from '../../lib/storage/records';
import { toolTitle } from '../ui/tool-title';

/** Changes whenever the user sends something (a message, or one queued while an answer runs) or another conversation opens. */
export function lastSentKey(messages: MessageRecord[], queued: QueuedMessage[]): string | undefined {
  const lastQueued = queued.at(-1);
  if (lastQueued) return `queued:${lastQueued.id}`;
  const lastUser = messages.findLast((m) => m.role === 'user');
  return lastUser ? `user:${lastUser.id}` : undefined;
}

const isWaiting = (p: RunPart): boolean =>
  p.kind === 'tool' && p.status === 'awaiting-approval' && !p.approval?.decision;

/** Cards the user answers by typing (a password, a note): Enter and Escape are theirs, not the card's. */
const TYPED = new Set(['fill_password', 'ask_user']);

/** The card waiting for the user's decision, if one is (the latest): its title, and whether Enter and Escape decide it. */
export function decisionWaiting(messages: MessageRecord[]): { title: string; keys: boolean } | undefined {
  for (const m of [...messages].reverse()) {
    const part = m.parts?.findLast(isWaiting);
    if (part?.kind === 'tool') return { title: toolTitle(part.toolName), keys: !TYPED.has(part.toolName) };
  }
  return undefined;
}
