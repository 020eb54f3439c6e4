/**
 * A call that meets a password-protected document asks the user on its card: the prompt is journaled like an
 * approval (so it survives a restart), the password goes through the worker's inbox only, a wrong one asks again,
 * Cancel ends the read, and the call's timeout does not run while the card waits.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentEvent } from '../../../lib/agent/agent-event';
import { createMemoryRunJournal } from '../../../lib/agent/memory-run-journal';
import { replayRunEvents } from '../../../lib/agent/replay-run';
import { foldRunEvents } from '../../../lib/agent/run-view';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { ToolError } from '../../../lib/tools/tool-error';
import { userInputInbox } from '../../../lib/tools/user-input-inbox';
import { setup, sleep, until } from './harness';

const PASSWORD = 'tulip-42-secret';

/** Reads a "locked" file: asks until the password is PASSWORD, as readDocumentResponse does. */
const lockedReader = () =>
  defineTool({
    name: 'read_locked',
    description: 'Reads a locked file.',
    input: z.object({}),
    readOnly: true,
    needsApproval: false,
    timeoutMs: 100,
    async execute(_input, ctx) {
      let wrong = false;
      for (;;) {
        const given = await ctx.askDocumentPassword!('minutes.pdf', wrong);
        if (given === undefined) throw new ToolError('Could not read minutes.pdf: the user cancelled.');
        if (given === PASSWORD) return 'Board minutes, 3 May.';
        wrong = true;
      }
    },
  }) as Tool;

const asked = (events: AgentEvent[]) =>
  events.filter((e): e is Extract<AgentEvent, { type: 'password-requested' }> => e.type === 'password-requested');

/** What the panel does on the card: the password into the inbox, then the decision. */
async function type(s: ReturnType<typeof setup>, runId: string, promptId: string, secret?: string) {
  if (secret) userInputInbox.put(runId, promptId, { secret });
  await s.runtime.resolveApproval(runId, promptId, secret ? 'approved' : 'denied');
}

describe('the password card of a document', () => {
  it('asks, says a wrong password was wrong and asks again, then reads; the password is in no request, event or journal', async () => {
    const journal = createMemoryRunJournal();
    const s = setup({
      journal,
      tools: [lockedReader()],
      scripts: [toolCallsReply([{ id: 't1', name: 'read_locked', input: {} }]), textReply('Read it.')],
    });
    const h = await s.start('read the minutes');
    await until(() => asked(s.events).length === 1);
    // Longer than the tool's 100 ms timeout: the wait for the user is not timed.
    await sleep(250);
    expect(asked(s.events)[0]).toMatchObject({ toolCallId: 't1', promptId: 't1-password-1', file: 'minutes.pdf' });
    expect(asked(s.events)[0]!.wrong).toBeUndefined();
    await type(s, h.runId, 't1-password-1', 'not-it');
    await until(() => asked(s.events).length === 2);
    expect(asked(s.events)[1]).toMatchObject({ promptId: 't1-password-2', wrong: true });
    await type(s, h.runId, 't1-password-2', PASSWORD);
    const r = await h.done;
    expect(r.text).toBe('Read it.');
    expect(JSON.stringify(s.model.calls.at(-1))).toContain('Board minutes, 3 May.');
    expect(JSON.stringify(s.model.calls)).not.toContain(PASSWORD);
    expect(JSON.stringify(s.events)).not.toContain(PASSWORD);
    const snap = await journal.read(h.runId);
    expect(JSON.stringify(snap)).not.toContain(PASSWORD);
    expect(JSON.stringify(snap)).not.toContain('not-it');
    // The card as the panel folds it, live and replayed from the journal: the last prompt, answered.
    const live = foldRunEvents(h.runId, s.events).parts.find((p) => p.kind === 'tool');
    expect(live).toMatchObject({
      status: 'done',
      password: { promptId: 't1-password-2', wrong: true, decision: 'given' },
    });
    const replayed = foldRunEvents(h.runId, replayRunEvents(snap!)).parts.find((p) => p.kind === 'tool');
    expect(replayed).toMatchObject({ status: 'done', password: { promptId: 't1-password-2', decision: 'given' } });
  });

  it('Cancel ends the read with an error the model reads; an approval without a password counts as cancelled', async () => {
    const s = setup({
      tools: [lockedReader()],
      scripts: [
        toolCallsReply([{ id: 't1', name: 'read_locked', input: {} }]),
        toolCallsReply([{ id: 't2', name: 'read_locked', input: {} }]),
        textReply('It is locked.'),
      ],
    });
    const h = await s.start('read it');
    await until(() => asked(s.events).length === 1);
    await type(s, h.runId, 't1-password-1');
    await until(() => asked(s.events).length === 2);
    // Approved, but the password never reached this worker (it restarted in between): not a password.
    await s.runtime.resolveApproval(h.runId, 't2-password-1', 'approved');
    const r = await h.done;
    expect(r.text).toBe('It is locked.');
    const results = s.events.filter((e) => e.type === 'tool-call-finish');
    expect(results.map((e) => e.type === 'tool-call-finish' && e.isError)).toEqual([true, true]);
    expect(JSON.stringify(s.model.calls.at(-1))).toContain('Could not read minutes.pdf: the user cancelled.');
    const view = foldRunEvents(h.runId, s.events).parts.filter((p) => p.kind === 'tool');
    expect(view.map((p) => p.kind === 'tool' && p.password?.decision)).toEqual(['cancelled', 'cancelled']);
  });

  it('survives the worker being killed while the card waits: the resumed read asks on the same card, and reads', async () => {
    const journal = createMemoryRunJournal();
    const first = setup({
      journal,
      tools: [lockedReader()],
      scripts: [toolCallsReply([{ id: 't1', name: 'read_locked', input: {} }])],
    });
    const h = await first.start('read the minutes');
    await until(() => asked(first.events).length === 1);
    first.runtime.abandon();
    const second = setup({ journal, tools: [lockedReader()], scripts: [textReply('Read it.')] });
    second.events.length = 0;
    const [resumed] = await second.runtime.resumeUnfinishedRuns();
    await until(() => asked(second.events).length === 1);
    // The same prompt, asked again (journaled as pending), not a new one.
    expect(asked(second.events)[0]).toMatchObject({ toolCallId: 't1', promptId: 't1-password-1' });
    expect(await second.runtime.hasPendingApproval(h.runId, 't1-password-1')).toBe(true);
    await type(second, h.runId, 't1-password-1', PASSWORD);
    expect((await resumed!.done).text).toBe('Read it.');
    expect(JSON.stringify(second.model.calls)).toContain('Board minutes, 3 May.');
    expect(JSON.stringify(await journal.read(h.runId))).not.toContain(PASSWORD);
  });
});
