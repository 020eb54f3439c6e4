import type { PageCommand, PageCommandName, PageReply } from '../../page/page-command';
import { pageReplySchema } from './page-reply-schema';
import type { PageTarget } from './page-target-store';

/** A reply from the page agent, or why none came. */
export type SendOutcome<K extends PageCommandName = PageCommandName> =
  | { ok: true; reply: PageReply<K> }
  | { ok: false; reason: 'tab-closed' | 'navigated' | 'no-receiver'; message?: string };

/** The extension APIs used, injectable for tests. */
export interface PageMessenger {
  getTab(tabId: number): Promise<unknown>;
  /** Resolves with what the frame answered: unchecked data, validated by the caller. */
  sendMessage(tabId: number, message: PageCommand, frameId: number): Promise<unknown>;
  /** Injects the content script into every frame of the tab. */
  inject(tabId: number): Promise<void>;
  /** Injects the page reader (entrypoints/page-reader.ts) into one frame, for read_page. */
  injectReader(target: PageTarget): Promise<void>;
}

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;
const GONE_DURING = /message port closed|message channel closed|back\/forward cache|frame .*removed|No frame with id/i;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Sends one command to a frame's page agent. A tab that is gone is 'tab-closed'; a frame that went away
 * mid-call is 'navigated'; a page opened before the extension was installed (no content script yet) gets
 * the script injected and the command retried once, and is 'no-receiver' if that does not help. A frame
 * that answers 'no-reader' (read_page before the page reader was loaded there) gets the reader injected and
 * the command retried once.
 */
export async function sendPageCommand<K extends PageCommandName>(
  target: PageTarget, command: PageCommand<K>, messenger: PageMessenger = chromeMessenger,
): Promise<SendOutcome<K>> {
  const tabGone = async () => messenger.getTab(target.tabId).then(() => false, () => true);
  if (await tabGone()) return { ok: false, reason: 'tab-closed' };
  let scriptInjected = false;
  let readerInjected = false;
  for (;;) {
    let raw: unknown;
    try {
      raw = await messenger.sendMessage(target.tabId, command, target.frameId);
    } catch (error) {
      const text = errorText(error);
      if (await tabGone()) return { ok: false, reason: 'tab-closed' };
      if (GONE_DURING.test(text)) return { ok: false, reason: 'navigated', message: text };
      if (!NO_RECEIVER.test(text) || scriptInjected) return { ok: false, reason: 'no-receiver', message: text };
      scriptInjected = true;
      try {
        await messenger.inject(target.tabId);
      } catch (injectError) {
        // Pages the extension may not script (chrome://, the Web Store): the model is told it cannot reach them.
        return { ok: false, reason: 'no-receiver', message: errorText(injectError) };
      }
      continue;
    }
    const reply = pageReplySchema(command.command).safeParse(raw);
    if (!reply.success) return { ok: false, reason: 'no-receiver', message: 'the page answered with a malformed reply' };
    if (!reply.data.ok && reply.data.error === 'no-reader' && !readerInjected) {
      readerInjected = true;
      try {
        await messenger.injectReader(target);
      } catch (injectError) {
        if (await tabGone()) return { ok: false, reason: 'tab-closed' };
        return { ok: true, reply: { ...reply.data, message: `${reply.data.message} (${errorText(injectError)})` } };
      }
      continue;
    }
    return { ok: true, reply: reply.data };
  }
}

/** The built content script, as the manifest names it (the path changes with the build, not the source). */
function contentScriptFile(): string {
  const file = chrome.runtime.getManifest().content_scripts?.find((cs) => cs.js?.length)?.js?.[0];
  if (!file) throw new Error('the manifest declares no content script');
  return file;
}

const chromeMessenger: PageMessenger = {
  getTab: (tabId) => chrome.tabs.get(tabId),
  sendMessage: (tabId, message, frameId) => chrome.tabs.sendMessage(tabId, message, { frameId }),
  async inject(tabId) {
    await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, files: [contentScriptFile()] });
  },
  async injectReader({ tabId, frameId }) {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: ['/page-reader.js'] });
  },
};
