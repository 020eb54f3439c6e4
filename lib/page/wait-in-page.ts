/**
 * Waits that run inside a page through chrome.scripting.executeScript({ func }): each function is sent as
 * its source, so it must use nothing from outside its own body. Each resolves true when its condition
 * held before the timeout, false otherwise, and only reads the page.
 */

/**
 * Resolves true once `text` (case and spacing ignored) is in the text a person can see in the document.
 * Reading innerText lays the page out, so a page that changes all the time is read at most every 50 ms
 * (and once more after its last change), not on every mutation.
 */
export function waitForTextInPage(text: string, timeoutMs: number): Promise<boolean> {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const wanted = norm(text);
  const present = () => !!document.body && norm(document.body.innerText).includes(wanted);
  if (present()) return Promise.resolve(true);
  const everyMs = 50;
  return new Promise((resolve) => {
    let lastRead = performance.now();
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      trailing = undefined;
      lastRead = performance.now();
      if (present()) finish(true);
    };
    const observer = new MutationObserver(() => {
      if (trailing !== undefined) return;
      const wait = everyMs - (performance.now() - lastRead);
      if (wait <= 0) check();
      else trailing = setTimeout(check, wait);
    });
    const timer = setTimeout(() => finish(present()), timeoutMs);
    function finish(found: boolean) {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(trailing);
      resolve(found);
    }
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  });
}

/**
 * Resolves true once no fetch or XMLHttpRequest has been pending, and no resource has finished loading,
 * for `quietMs`. Runs in the page's main world: fetch and XMLHttpRequest are counted by wrapping them there
 * (once per document; requests started before the first wait are seen through resource timing only).
 */
export function waitForNetworkIdleInPage(quietMs: number, timeoutMs: number): Promise<boolean> {
  type Counter = { pending: number; last: number };
  const key = '__tabwiseNetworkCounter';
  const holder = window as unknown as Record<string, Counter | undefined>;
  let counter = holder[key];
  if (!counter) {
    const c: Counter = { pending: 0, last: performance.now() };
    counter = c;
    holder[key] = c;
    const done = () => {
      c.pending = Math.max(0, c.pending - 1);
      c.last = performance.now();
    };
    const fetch0 = window.fetch;
    window.fetch = function (...args: Parameters<typeof fetch>) {
      c.pending++;
      c.last = performance.now();
      return fetch0.apply(this, args).finally(done);
    };
    const send0 = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...args: Parameters<XMLHttpRequest['send']>) {
      c.pending++;
      c.last = performance.now();
      this.addEventListener('loadend', done, { once: true });
      return send0.apply(this, args);
    };
    new PerformanceObserver(() => {
      c.last = performance.now();
    }).observe({ type: 'resource', buffered: false });
  }
  const started = performance.now();
  const tracked = counter;
  return new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (
        document.readyState === 'complete' &&
        tracked.pending === 0 &&
        now - tracked.last >= quietMs &&
        now - started >= Math.min(quietMs, 100)
      )
        return resolve(true);
      if (now - started >= timeoutMs) return resolve(false);
      setTimeout(tick, 50);
    };
    tick();
  });
}

/**
 * Resolves true once the document has loaded and then stayed for `quietMs` of the page's own time, plus the
 * delay of a meta refresh it declares when that is at most `refreshUpToMs`: a hop the page sets off right
 * after its load (a meta refresh, a script's timer) has begun by then, however busy the machine. When the page
 * leaves meanwhile, the document goes and nothing resolves true (the caller reads that as "it left").
 */
export function stayedInPage(quietMs: number, refreshUpToMs: number): Promise<boolean> {
  const refreshDelayMs = () => {
    const meta = document.querySelector('meta[http-equiv="refresh" i]');
    const seconds = Number.parseFloat((meta?.getAttribute('content') ?? '').split(/[;,]/)[0] ?? '');
    return Number.isFinite(seconds) && seconds >= 0 && seconds * 1000 <= refreshUpToMs ? seconds * 1000 : 0;
  };
  return new Promise((resolve) => {
    addEventListener('pagehide', () => resolve(false), { once: true });
    const afterLoad = () => setTimeout(() => resolve(true), refreshDelayMs() + quietMs);
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
  });
}
