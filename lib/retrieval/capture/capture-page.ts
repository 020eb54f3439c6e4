/**
 * Page capture for the history index (content script, top frame only): once a page has been visible
 * for the dwell time, its readable text (never input values: the reader reads rendered text only) goes to
 * the background with its URL, title, language and a content hash. Single-page-app route changes start
 * a new page; the same text is never sent twice for the same URL from one document.
 */
import { contentHash } from './content-hash';
import { pageKeyOf } from '../page-key';
import type { CaptureConfig, CaptureReply, CaptureRequest } from '../capture-message';

/** What capture needs from the page and the extension (injectable for tests). */
export interface CaptureDeps {
  window: Window;
  /**
   * Reads the page's rendered text as Markdown: lib/page's readPage in the extension, passed in by the
   * content script so retrieval does not import its peer folder.
   */
  read(doc: Document, options: { maxChars: number }): { markdown: string; title: string; lang: string };
  /** Sends a message to the background and resolves with its reply. */
  send(message: unknown): Promise<unknown>;
  /**
   * Waits before each new try when a message is not delivered (the service worker was stopped while it
   * handled it). Default 500 ms, 2 s, 5 s; then the page waits for its next visit or route change.
   */
  retryMs?: number[];
  /** How often the URL is compared, to catch history.pushState (the page's own world calls it). Default 1000 ms. */
  pollMs?: number;
  /** Largest text captured, in characters. Default 200,000. */
  maxChars?: number;
  onCaptured?(reply: CaptureReply | undefined, request: CaptureRequest): void;
  /** Whether this is the tab's top frame (default: window.top === window). Tests run inside a frame. */
  isTopFrame?: boolean;
}

const isConfig = (v: unknown): v is CaptureConfig =>
  !!v && typeof (v as CaptureConfig).enabled === 'boolean' && typeof (v as CaptureConfig).dwellMs === 'number';

/** Starts capturing; returns a function that stops it. Does nothing in sub-frames. */
export function startPageCapture(deps: CaptureDeps): () => void {
  const win = deps.window;
  const doc = win.document;
  if (!(deps.isTopFrame ?? win.top === win)) return () => {};
  const sent = new Map<string, string>();
  let url = win.location.href;
  let visibleMs = 0;
  let visibleSince: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let config: CaptureConfig | undefined;
  let generation = 0;
  let stopped = false;
  const retryMs = deps.retryMs ?? [500, 2000, 5000];
  const retries = new Set<ReturnType<typeof setTimeout>>();

  /**
   * Sends with a few tries: Chrome stops an idle service worker, and a message it was handling then gets
   * no reply. The background's queue and index are keyed by URL, so a capture that did arrive and is sent
   * again is not indexed twice. `still` says whether the message still matters when a try is due.
   */
  async function sendWithRetry(message: unknown, still: () => boolean): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deps.send(message);
      } catch (error) {
        if (stopped || attempt >= retryMs.length || !still()) throw error;
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            retries.delete(t);
            resolve();
          }, retryMs[attempt]);
          retries.add(t);
        });
        if (stopped || !still()) throw error;
      }
    }
  }

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (visibleSince !== undefined) visibleMs += performance.now() - visibleSince;
    visibleSince = undefined;
  };

  function arm(): void {
    stopTimer();
    if (!config?.enabled || doc.visibilityState !== 'visible') return;
    visibleSince = performance.now();
    timer = setTimeout(capture, Math.max(0, config.dwellMs - visibleMs));
  }

  function capture(): void {
    timer = undefined;
    visibleSince = undefined;
    const key = pageKeyOf(url);
    let reading;
    try {
      reading = deps.read(doc, { maxChars: deps.maxChars ?? 200_000 });
    } catch (error) {
      console.warn('Tabwise: could not read the page for the history index', error);
      return;
    }
    const text = reading.markdown.trim();
    if (!text) return;
    const hash = contentHash(text);
    if (sent.get(key) === hash) return;
    sent.set(key, hash);
    const request: CaptureRequest = { type: 'tabwise-capture', url, title: reading.title, lang: reading.lang, text, hash };
    sendWithRetry(request, () => sent.get(key) === hash).then(
      (reply) => deps.onCaptured?.(reply as CaptureReply | undefined, request),
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
    visibleMs = 0;
    let reply: unknown;
    try {
      reply = await sendWithRetry({ type: 'tabwise-capture-config' }, () => mine === generation);
    } catch (error) {
      console.warn('Tabwise: capture settings unavailable', error);
      return;
    }
    if (mine !== generation) return;
    config = isConfig(reply) ? reply : undefined;
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
    stopTimer();
    for (const t of retries) clearTimeout(t);
    clearInterval(poll);
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('popstate', onMaybeNewRoute);
    win.removeEventListener('hashchange', onMaybeNewRoute);
  };
}
