/**
 * Page capture for the history index (content script, top frame only): once a page has been visible
 * for the dwell time without a break (leaving the tab starts the count again), its readable text goes to
 * the background with its URL, title, language and a content hash. Single-page-app route changes start
 * a new page; the same text is never sent twice for the same URL from one document. What the user typed is
 * never captured: the reader is asked to leave out form controls, contenteditable regions and text boxes.
 */
import { contentHash } from './content-hash';
import { pageKeyOf } from '../page-key';
import { createSender, type Post } from '../../messaging/create-sender';
import { captureProtocol, type CaptureConfig, type CaptureInput, type CaptureReply } from '../capture-message';

/** What capture needs from the page and the extension (injectable for tests). */
export interface CaptureDeps {
  window: Window;
  /**
   * Reads the page's rendered text as Markdown: lib/page's readPage in the extension, passed in by the
   * content script so retrieval does not import its peer folder. `load` asks the background to load it
   * into this frame first (the capture script does not bundle it).
   */
  read(
    doc: Document,
    options: { maxChars: number; excludeEditable: true },
    load: () => Promise<void>,
  ): Promise<PageText> | PageText;
  /** Delivers a capture protocol message to the background (chrome.runtime.sendMessage) and resolves with its raw reply. */
  post?: Post;
  /**
   * Waits before each new try when a message is not delivered (the service worker was stopped while it
   * handled it). Default 500 ms, 2 s, 5 s; then the page waits for its next visit or route change.
   */
  retryMs?: number[];
  /** How often the URL is compared, to catch history.pushState (the page's own world calls it). Default 1000 ms. */
  pollMs?: number;
  /** Largest text captured, in characters. Default 200,000. */
  maxChars?: number;
  onCaptured?(reply: CaptureReply, request: CaptureInput): void;
  /** Whether this is the tab's top frame (default: window.top === window). Tests run inside a frame. */
  isTopFrame?: boolean;
}

/** What the page reader gives capture. */
export interface PageText {
  markdown: string;
  title: string;
  lang: string;
}

/** Starts capturing; returns a function that stops it. Does nothing in sub-frames. */
export function startPageCapture(deps: CaptureDeps): () => void {
  const win = deps.window;
  const doc = win.document;
  if (!(deps.isTopFrame ?? win.top === win)) return () => {};
  const sent = new Map<string, string>();
  let url = win.location.href;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let config: CaptureConfig | undefined;
  let generation = 0;
  let stopped = false;
  const aborted = new AbortController();
  /**
   * Chrome stops an idle service worker, and a message it was handling then gets no reply: each send is
   * tried a few times. The background's queue and index are keyed by URL, so a capture that did arrive and
   * is sent again is not indexed twice.
   */
  const policy = { delaysMs: deps.retryMs ?? [500, 2000, 5000], retryOn: () => true };
  const send = createSender(captureProtocol, {
    ...(deps.post ? { post: deps.post } : {}),
    retry: policy,
    signal: aborted.signal,
  });
  const load = () => send('reader', {});

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /**
   * Starts a full dwell. Time seen before the tab was left does not count: a page glanced at in bursts
   * (switching away within seconds each time) is not one the user read.
   */
  function arm(): void {
    stopTimer();
    if (!config?.enabled || doc.visibilityState !== 'visible') return;
    timer = setTimeout(() => void capture(), config.dwellMs);
  }

  async function capture(): Promise<void> {
    timer = undefined;
    const key = pageKeyOf(url);
    const mine = generation;
    // Chrome's PDF viewer keeps the file's text from every page script: the background reads the file itself.
    if (doc.contentType === 'application/pdf') {
      if (sent.has(key)) return;
      sent.set(key, 'document');
      send('captureDocument', { url }, { retry: { ...policy, still: () => sent.has(key) } }).then(
        (reply) => deps.onCaptured?.(reply, { url, title: doc.title, lang: '', text: '', hash: '' }),
        (error: unknown) => {
          sent.delete(key);
          console.warn('Tabwise: capture not delivered', error);
        },
      );
      return;
    }
    let reading: PageText;
    try {
      reading = await deps.read(doc, { maxChars: deps.maxChars ?? 200_000, excludeEditable: true }, load);
    } catch (error) {
      console.warn('Tabwise: could not read the page for the history index', error);
      return;
    }
    // The route changed while the reader loaded: the new route is captured after its own dwell.
    if (stopped || mine !== generation) return;
    const text = reading.markdown.trim();
    if (!text) return;
    const hash = contentHash(text);
    if (sent.get(key) === hash) return;
    sent.set(key, hash);
    const request: CaptureInput = { url, title: reading.title, lang: reading.lang, text, hash };
    send('capture', request, { retry: { ...policy, still: () => sent.get(key) === hash } }).then(
      (reply) => deps.onCaptured?.(reply, request),
      (error: unknown) => {
        // The extension was reloaded or the background stays gone: a later visit or route sends it again.
        if (sent.get(key) === hash) sent.delete(key);
        console.warn('Tabwise: capture not delivered', error);
      },
    );
  }

  async function startPage(): Promise<void> {
    const mine = ++generation;
    stopTimer();
    let reply: CaptureConfig;
    try {
      reply = await send('config', {}, { retry: { ...policy, still: () => mine === generation } });
    } catch (error) {
      console.warn('Tabwise: capture settings unavailable', error);
      return;
    }
    if (mine !== generation) return;
    config = reply;
    arm();
  }

  function onMaybeNewRoute(): void {
    if (win.location.href === url) return;
    url = win.location.href;
    void startPage();
  }

  const onVisibility = () => (doc.visibilityState === 'visible' ? arm() : stopTimer());
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('popstate', onMaybeNewRoute);
  win.addEventListener('hashchange', onMaybeNewRoute);
  const poll = setInterval(onMaybeNewRoute, deps.pollMs ?? 1000);
  void startPage();
  return () => {
    stopped = true;
    aborted.abort();
    stopTimer();
    clearInterval(poll);
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('popstate', onMaybeNewRoute);
    win.removeEventListener('hashchange', onMaybeNewRoute);
  };
}
