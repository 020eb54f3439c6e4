import { describe, expect, it } from 'vitest';
import { createAskUserTool, USER_CONTINUED } from '../../../lib/tools/ask-user-tool';
import type { ToolContext } from '../../../lib/tools/define-tool';
import { UserInputInbox } from '../../../lib/tools/user-input-inbox';

const ctx = {
  runId: 'r1',
  toolCallId: 't1',
  signal: new AbortController().signal,
  agentPath: [],
  delegate: async () => '',
  now: () => 0,
} satisfies ToolContext;

describe('ask_user', () => {
  it('waits as an approval asked every time, with the question as its card', async () => {
    const tool = createAskUserTool(new UserInputInbox());
    expect([tool.needsApproval, tool.alwaysAsk, tool.runsIn]).toEqual([true, true, 'background']);
    expect(await tool.preview!({ question: 'Sign in,\nthen press Continue' }, ctx)).toBe(
      'Your turn: Sign in, then press Continue',
    );
    expect(tool.input.safeParse({ question: '' }).success).toBe(false);
  });

  it('says the user continued, with the note they typed for this call', async () => {
    const inbox = new UserInputInbox();
    const tool = createAskUserTool(inbox);
    inbox.put('r1', 't1', { note: 'signed in as ada' });
    expect(await tool.execute({ question: 'Sign in' }, ctx)).toBe(
      `${USER_CONTINUED}\nThe user's note: signed in as ada`,
    );
    expect(await tool.execute({ question: 'Sign in' }, ctx)).toBe(USER_CONTINUED);
  });
});
