/**
 * Sends one page command through the messaging kit to a frame's page agent, injecting the agent (and, for
 * read_page, the page reader; for typing, keys, sliders and comboboxes, the act part) on demand: nothing of
 * Tabwise runs in a page until a run acts on it, and the parts only where a command needs them.
 */
import { createSender } from '../../messaging/create-sender';
import { RemoteError } from '../../messaging/remote-error';
import type { WireMessage } from '../../messaging/wire-message';
import {
  pageProtocol,
  type PageAnswer,
  type PageCall,
  type PageCommandInput,
  type PageCommandName,
  type PageCommandOutput,
} from '../../page/page-command';
import { pageReplyValidators } from './page-reply-schema';
import type { PageRouteFailure } from './page-router';
import type { PageTarget } from './page-target-store';

/**
 * The page agent's answer, or why none came: the route's one failure type (page-router.ts), shared with what the
 * router answers the tools ('tool-error' here: the page refused the call's arguments).
 */
export type SendOutcome<K extends PageCommandName = PageCommandName> =
  { ok: true; answer: PageAnswer<PageCommandOutput<K>> } | PageRouteFailure;

/** The extension APIs used, injectable for tests. */
export interface PageMessenger {
  tabExists(tabId: number): Promise<boolean>;
  /** Delivers a message to one frame and resolves with its raw reply (chrome.tabs.sendMessage). */
  post(target: PageTarget, message: WireMessage): Promise<unknown>;
  /** Injects the page agent (entrypoints/page-agent.ts) into the frame. */
  injectAgent(target: PageTarget): Promise<void>;
  /** Injects the page reader (entrypoints/page-reader.ts) into the frame, for read_page. */
  injectReader(target: PageTarget): Promise<void>;
  /** Injects the act part (entrypoints/page-actions.ts, lib/page/act-part.ts) into the frame, for act. */
  injectActPart(target: PageTarget): Promise<void>;
}

/** The answers by which a frame's agent says it lacks a part, and how each part is injected. */
const PARTS = {
  'no-reader': (m: PageMessenger, t: PageTarget) => m.injectReader(t),
  'no-act-part': (m: PageMessenger, t: PageTarget) => m.injectActPart(t),
} as const;

/** The page is untrusted: every answer is checked against its command's schema before it is used. */
const send = createSender(pageProtocol, { replies: pageReplyValidators });

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Sends `command` to the target frame. A tab that is gone is 'tab-closed'; a frame that went away mid-call
 * is 'navigated'; a frame without the page agent (every page until a run acts on it) gets it injected and
 * the command retried once, and is 'no-receiver' if that does not help (the injection's own message when
 * it failed: pages the extension may not script). A frame that answers 'no-reader' gets the page reader
 * injected and the command retried once; one that answers 'no-act-part', the act part. The agent answers these
 * before it reads or changes anything, and the worker keeps no record of what a frame holds: a new document, or
 * a worker that restarted, asks again.
 */
export async function sendPageCommand<K extends PageCommandName>(
  target: PageTarget,
  command: K,
  call: PageCall<PageCommandInput<K>>,
  messenger: PageMessenger = chromeMessenger,
): Promise<SendOutcome<K>> {
  if (!(await messenger.tabExists(target.tabId))) return { ok: false, reason: 'tab-closed' };
  const options = {
    post: (message: WireMessage) => messenger.post(target, message),
    retry: {
      delaysMs: [0],
      retryOn: (e: RemoteError) => e.code === 'no_receiver',
      beforeRetry: () => messenger.injectAgent(target),
    },
  };
  const injected = new Set<keyof typeof PARTS>();
  for (;;) {
    let answer: PageAnswer<PageCommandOutput<K>>;
    try {
      answer = await send(command, call, options);
    } catch (error) {
      return failureOf(error, target, messenger);
    }
    const outcome = answer.outcome;
    if (outcome.ok || !(outcome.error in PARTS)) return { ok: true, answer };
    const lacking = outcome.error as keyof typeof PARTS;
    if (injected.has(lacking)) return { ok: true, answer };
    injected.add(lacking);
    try {
      await PARTS[lacking](messenger, target);
    } catch (injectError) {
      if (!(await messenger.tabExists(target.tabId))) return { ok: false, reason: 'tab-closed' };
      return {
        ok: true,
        answer: { ...answer, outcome: { ...outcome, message: `${outcome.message} (${errorText(injectError)})` } },
      };
    }
  }
}

/** What a failed send means for the tool: the tab first, then what the kit saw happen to the message. */
async function failureOf<K extends PageCommandName>(
  error: unknown,
  target: PageTarget,
  messenger: PageMessenger,
): Promise<SendOutcome<K>> {
  if (!(await messenger.tabExists(target.tabId))) return { ok: false, reason: 'tab-closed' };
  if (!(error instanceof RemoteError)) return { ok: false, reason: 'no-receiver', message: errorText(error) };
  switch (error.code) {
    case 'receiver_gone':
      return { ok: false, reason: 'navigated', message: error.message };
    case 'invalid':
      // The page's guards refused the arguments; their message is written for the model.
      return { ok: false, reason: 'tool-error', message: error.message };
    case 'bad_reply':
      return { ok: false, reason: 'no-receiver', message: 'the page answered with a malformed reply' };
    default:
      return { ok: false, reason: 'no-receiver', message: error.message };
  }
}

const chromeMessenger: PageMessenger = {
  tabExists: (tabId) =>
    chrome.tabs.get(tabId).then(
      () => true,
      () => false,
    ),
  post: ({ tabId, frameId }, message) => chrome.tabs.sendMessage(tabId, message, { frameId }),
  async injectAgent({ tabId, frameId }) {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: ['/page-agent.js'] });
  },
  async injectReader({ tabId, frameId }) {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: ['/page-reader.js'] });
  },
  async injectActPart({ tabId, frameId }) {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: ['/page-actions.js'] });
  },
};
