/**
 * Recording in the worker (issue 28): one session at a time, kept in storage.session so a worker that is
 * stopped mid-recording goes on with it. The recorder script is injected into the recorded tab only while
 * recording (and again after each page load there); its steps are validated and taken only from that tab's top
 * frame. An address the user typed (or a bookmark) is a `navigate` step; a page a click or a form led to is not,
 * the click is. Stop hands the steps to the panel, which shows them for editing before they are saved as a task.
 */
import { recordedTargetSchema, recordingStepSchema, MAX_RECORDING_STEPS, type RecordingStep } from '../core/recording';
import { checkHttpUrl } from '../core/check-http-url';
import { serve } from '../messaging/serve';
import { selfOf } from '../messaging/sender-is';
import { z } from 'zod';
import { UserFacingError } from '../messaging/user-facing-error';
import { recorderProtocol, type RecorderInput } from '../page/record-message';
import { t } from '../util/t';
import type { RecordingView } from './protocol';
import type { HandlerSet } from './handlers/handler-set';
import { addSkippedField, mergeStep } from './merge-recorded-step';

const KEY = 'tabwise.recording';
/** Address-bar and bookmark loads: what the user went to, not where the page took them. */
const TYPED = new Set(['typed', 'auto_bookmark', 'generated', 'keyword', 'keyword_generated']);

const read = async (): Promise<RecordingView | null> =>
  ((await chrome.storage.session.get(KEY))[KEY] as RecordingView | undefined) ?? null;
const write = (v: RecordingView | null) =>
  v ? chrome.storage.session.set({ [KEY]: v }) : chrome.storage.session.remove(KEY);

const inject = (tabId: number) =>
  chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['/recorder.js'] }).then(
    () => undefined,
    (e: unknown) => console.warn('[Tabwise] recorder not injected', e),
  );

/** What the recorder may send: one step, or a secret field left out. The page may have driven the script. */
const recorderInputSchema: z.ZodType<RecorderInput> = z.union([
  z.object({ step: recordingStepSchema }),
  z.object({ skipped: z.enum(['card', 'one-time-code']), target: recordedTargetSchema }),
]);

type Sender = { tab?: { id?: number }; frameId?: number; url?: string };

export function createRecordingFeature(): HandlerSet<'recording.start' | 'recording.state' | 'recording.stop'> {
  // One change at a time: steps arrive quickly and each is a read, a merge and a write.
  let queue: Promise<unknown> = Promise.resolve();
  const change = <T>(f: (now: RecordingView | null) => Promise<T>): Promise<T> => {
    const next = queue.then(async () => f(await read()));
    queue = next.catch(() => undefined);
    return next;
  };

  serve(
    recorderProtocol,
    {
      validators: { step: recorderInputSchema },
      handlers: {
        step: (input, { sender }: { sender: Sender }) =>
          change(async (now) => {
            if (!now || sender.tab?.id !== now.tabId || (sender.frameId ?? 0) !== 0) return { recording: false };
            if ('skipped' in input) {
              const next = addSkippedField(now, sender.url, input.target);
              if (next !== now) await write(next);
            } else if (now.steps.length < MAX_RECORDING_STEPS)
              await write({ ...now, steps: mergeStep(now.steps, input.step) });
            return { recording: true };
          }),
      },
      from: 'content-script',
      self: selfOf(chrome.runtime),
    },
    chrome.runtime.onMessage,
  );

  chrome.webNavigation.onCommitted.addListener((d) => {
    if (d.frameId !== 0 || !TYPED.has(d.transitionType)) return;
    void change(async (now) => {
      if (!now || now.tabId !== d.tabId || !checkHttpUrl(d.url).ok) return;
      const step: RecordingStep = { action: 'navigate', url: d.url };
      await write({ ...now, steps: mergeStep(now.steps, step) });
    });
  });
  chrome.webNavigation.onCompleted.addListener((d) => {
    if (d.frameId !== 0) return;
    void read().then((now) => (now?.tabId === d.tabId ? inject(d.tabId) : undefined));
  });

  return {
    'recording.start': async ({ tabId }) => {
      const tab = await chrome.tabs.get(tabId).catch(() => undefined);
      const checked = tab?.url ? checkHttpUrl(tab.url) : undefined;
      if (!checked?.ok) throw new UserFacingError('invalid', t('bg_recording_page_rule'));
      const view: RecordingView = { tabId, startUrl: checked.url, steps: [], skipped: 0 };
      await change(() => write(view));
      await inject(tabId);
      return view;
    },
    'recording.state': () => read(),
    'recording.stop': () =>
      change(async (now) => {
        await write(null);
        return now;
      }),
  };
}
