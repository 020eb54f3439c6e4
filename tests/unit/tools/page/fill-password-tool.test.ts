import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { createFillPasswordTool, NO_PASSWORD, PASSWORD_FILLED } from '../../../../lib/tools/page/fill-password-tool';
import type { PageToolCall } from '../../../../lib/tools/page/page-router';
import { passwordRefusal, passwordWriteRefusal } from '../../../../lib/tools/page/password-refusal';
import { createPageTargetStore } from '../../../../lib/tools/page/page-target-store';
import { USER_INPUT_TTL_MS, UserInputInbox } from '../../../../lib/tools/user-input-inbox';

const ctx = (toolCallId: string) =>
  ({
    runId: 'r1',
    toolCallId,
    signal: new AbortController().signal,
    tabId: 3,
    agentPath: [],
    delegate: async () => '',
    now: () => 0,
  }) satisfies ToolContext;
const SECRET = 'correct horse battery staple';

function setup() {
  const sent: PageToolCall<'fill_password'>[] = [];
  const inbox = new UserInputInbox();
  const tool = createFillPasswordTool({
    inbox,
    onPage: async (_name, call) => {
      sent.push(call);
      return { ok: true, output: { ref: call.input.ref, filled: true } };
    },
    locate: () => async () => undefined,
    store: () => createPageTargetStore({ get: async () => ({}), set: async () => undefined }),
  });
  return { sent, inbox, tool };
}

describe('fill_password', () => {
  it('takes only a ref: a call that sends a value is invalid', () => {
    const { tool } = setup();
    expect(tool.input.safeParse({ ref: 'e2' }).success).toBe(true);
    expect(tool.input.safeParse({ ref: 'e2', value: 'hunter2' }).success).toBe(false);
    expect(tool.input.safeParse({ ref: 'e2', password: 'hunter2' }).success).toBe(false);
    expect(tool.needsApproval && tool.alwaysAsk).toBe(true);
  });

  it('asks on its card for the password of the field, in one line of page text', async () => {
    const { tool } = setup();
    expect(await tool.preview!({ ref: 'e2' }, ctx('t0'))).toBe(
      'Type your password for "e2"\n  It goes into that field only; the assistant never sees it.',
    );
  });

  it('sends the password the user typed for this call to the page once, and answers without it', async () => {
    const { tool, inbox, sent } = setup();
    inbox.put('r1', 't1', { secret: SECRET });
    const out = await tool.execute({ ref: 'e2' }, ctx('t1'));
    expect(out).toBe(PASSWORD_FILLED);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(sent.map((c) => c.input)).toEqual([{ ref: 'e2', value: SECRET }]);
    // Only once: the same call again (a replay) has nothing to type.
    await expect(Promise.resolve().then(() => tool.execute({ ref: 'e2' }, ctx('t1')))).rejects.toThrow(NO_PASSWORD);
    expect(sent).toHaveLength(1);
  });

  it('never uses a password delivered for another call, and none without a card', async () => {
    const { tool, inbox, sent } = setup();
    inbox.put('r1', 'other-call', { secret: SECRET });
    await expect(Promise.resolve().then(() => tool.execute({ ref: 'e2' }, ctx('t1')))).rejects.toThrow(NO_PASSWORD);
    inbox.put('r2', 't1', { secret: SECRET });
    await expect(Promise.resolve().then(() => tool.execute({ ref: 'e2' }, ctx('t1')))).rejects.toThrow(NO_PASSWORD);
    expect(sent).toEqual([]);
  });
});

describe('UserInputInbox', () => {
  it('gives an input once, and drops it after its time', () => {
    let now = 0;
    const inbox = new UserInputInbox(() => now);
    inbox.put('r', 't', { note: 'done' });
    expect(inbox.take('r', 't')).toEqual({ note: 'done' });
    expect(inbox.take('r', 't')).toBeUndefined();
    inbox.put('r', 't', { secret: 's' });
    now = USER_INPUT_TTL_MS + 1;
    expect(inbox.take('r', 't')).toBeUndefined();
  });
});

describe('password refusals', () => {
  const writeOnly = ['e2'];
  it('refuse every write the model makes to a password field, before anyone is asked', () => {
    expect(passwordWriteRefusal('fill_form', { updates: { e1: 'ada', e2: 'hunter2' } }, writeOnly)).toMatch(
      /"e2" is a password field/,
    );
    expect(passwordWriteRefusal('type', { ref: 'e2', text: 'hunter2' }, writeOnly)).toMatch(
      /type refused: "e2" is a password field/,
    );
    expect(passwordWriteRefusal('click', { key: 'e2' }, writeOnly)).toMatch(/password field/);
    expect(passwordWriteRefusal('type', { ref: 'e1', text: 'ada' }, writeOnly)).toBeUndefined();
    expect(passwordWriteRefusal('fill_password', { ref: 'e2' }, writeOnly)).toBeUndefined();
    // Nor is the user asked to type a password for a field that is not one.
    expect(passwordWriteRefusal('fill_password', { ref: 'e1' }, writeOnly)).toMatch(
      /"e1" is not a password field.*the user was not asked/,
    );
    expect(passwordWriteRefusal('fill_password', { ref: 'e1' }, [])).toMatch(/not a password field/);
  });
  it('let fill_password reach only the write-only fields of the snapshot', () => {
    const call = (ref: string) => ({ toolCallId: 't', toolName: 'fill_password' as const, input: { ref, value: 'x' } });
    expect(passwordRefusal(call('e2'), writeOnly)).toBeUndefined();
    expect(passwordRefusal(call('e1'), writeOnly)?.refusal).toMatch(/"e1" is not a password field/);
    expect(
      passwordRefusal({ toolCallId: 't', toolName: 'act', input: { action: 'type', ref: 'e2', text: 'x' } }, writeOnly)
        ?.refusal,
    ).toMatch(/password field/);
  });
});
