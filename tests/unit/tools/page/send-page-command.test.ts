/**
 * The worker's side of the page agent's on-demand parts: a frame that answers 'no-act-part' (or 'no-reader') gets
 * that part injected and the same command sent again, once; the worker keeps no record of what a frame holds, so a
 * new document (or a worker that restarted) is asked again and gets the part again.
 */
import { describe, expect, it } from 'vitest';
import { NO_ACT_PART_MESSAGE } from '../../../../lib/page/act-part';
import type { WireMessage } from '../../../../lib/messaging/wire-message';
import { sendPageCommand, type PageMessenger } from '../../../../lib/tools/page/send-page-command';

const target = { tabId: 7, frameId: 3 };
const call = { runId: 'r1', toolCallId: 't1', args: { action: 'press', key: 'Enter' } } as const;
const pressed = { action: 'press', did: 'pressed Enter on the page', changes: { noVisibleChange: true } };

/** A frame whose agent holds the act part once it was injected, until its document is replaced. */
function fakeFrame(over: Partial<PageMessenger> = {}) {
  const frame = { hasPart: false, sent: [] as string[], injected: [] as string[], doc: 'doc-1' };
  const answer = (outcome: unknown) => ({ ok: true, value: { docId: frame.doc, url: 'https://a.example/', outcome } });
  const messenger: PageMessenger = {
    tabExists: async () => true,
    post: async (_t, message: WireMessage) => {
      frame.sent.push(message.name);
      return frame.hasPart
        ? answer({ ok: true, output: pressed })
        : answer({ ok: false, error: 'no-act-part', message: NO_ACT_PART_MESSAGE });
    },
    injectAgent: async () => void frame.injected.push('agent'),
    injectReader: async () => void frame.injected.push('reader'),
    injectActPart: async (t) => {
      expect(t).toEqual(target);
      frame.injected.push('act');
      frame.hasPart = true;
    },
    ...over,
  };
  return { frame, messenger };
}

describe('sendPageCommand and the act part', () => {
  it('injects the part into the asking frame and sends the command again, once per document', async () => {
    const { frame, messenger } = fakeFrame();
    const first = await sendPageCommand(target, 'act', call, messenger);
    expect(first).toEqual({ ok: true, answer: expect.objectContaining({ outcome: { ok: true, output: pressed } }) });
    expect(frame.injected).toEqual(['act']);
    expect(frame.sent).toEqual(['act', 'act']);
    // The part stays with the document: the next action is one message.
    await sendPageCommand(target, 'act', call, messenger);
    expect(frame.sent).toHaveLength(3);
    // A new document (navigation, reload) has no part; the worker, holding no record, injects it again.
    frame.doc = 'doc-2';
    frame.hasPart = false;
    expect(await sendPageCommand(target, 'act', call, messenger)).toMatchObject({
      ok: true,
      answer: { docId: 'doc-2' },
    });
    expect(frame.injected).toEqual(['act', 'act']);
  });

  it('answers what the page said when the part does not take, and names an injection that failed', async () => {
    const stuck = fakeFrame({ injectActPart: async () => {} });
    expect(await sendPageCommand(target, 'act', call, stuck.messenger)).toMatchObject({
      ok: true,
      answer: { outcome: { ok: false, error: 'no-act-part', message: NO_ACT_PART_MESSAGE } },
    });
    expect(stuck.frame.sent).toEqual(['act', 'act']);

    const refused = fakeFrame({
      injectActPart: async () => {
        throw new Error('Cannot access contents of the page.');
      },
    });
    expect(await sendPageCommand(target, 'act', call, refused.messenger)).toMatchObject({
      ok: true,
      answer: { outcome: { ok: false, message: `${NO_ACT_PART_MESSAGE} (Cannot access contents of the page.)` } },
    });
    expect(refused.frame.sent).toEqual(['act']);
    expect(refused.frame.injected).toEqual([]);
  });
});
