import { z } from 'zod';
import { t } from '../util/t';
import { defineTool, type Tool } from './define-tool';
import { userInputInbox, type UserInputInbox } from './user-input-inbox';

export const askUserInput = z.strictObject({
  question: z.string().trim().min(1).max(500).describe('e.g. "Sign in, then press Continue".'),
});

/** What the model reads when the user hands the run back. */
export const USER_CONTINUED = 'The user pressed Continue: they did what you asked. Check the page before going on.';

/**
 * ask_user(question): hands the run to the user. It waits as an approval does (a "Your turn" card with
 * Continue and Stop), so the pause is journaled and survives the worker being stopped; Continue resumes the
 * run, and the result carries the short note the user typed, if any. Stop ends the run.
 */
export function createAskUserTool(inbox: UserInputInbox = userInputInbox): Tool {
  return defineTool({
    name: 'ask_user',
    input: askUserInput,
    // Re-running it after a restart only says again that the user continued.
    readOnly: true,
    needsApproval: true,
    alwaysAsk: true,
    // The card is the user's (in their language); the model reads only the result.
    preview: ({ question }) => t('preview_your_turn', question.replace(/\s+/g, ' ')),
    execute(_input, ctx) {
      const note = inbox.take(ctx.runId, ctx.toolCallId)?.note?.trim();
      return note ? `${USER_CONTINUED}\nThe user's note: ${note}` : USER_CONTINUED;
    },
  }) as Tool;
}
