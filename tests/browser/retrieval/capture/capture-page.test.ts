import { afterEach, describe, expect, it } from 'vitest';
import { startPageCapture } from '../../../../lib/retrieval/capture/capture-page';
import { readPage } from '../../../../lib/page/read-page';
import type { CaptureInput as CaptureRequest } from '../../../../lib/retrieval/capture-message';
import type { WireMessage } from '../../../../lib/messaging/wire-message';

/** The reader as capture gets it: already loaded in the frame (the load is not needed). */
const read = (doc: Document, options: { maxChars: number }) => readPage(doc, options);
const ok = (value: unknown) => ({ ok: true, value });
/** What a capture message carries (the test's own reading of the wire). */
const captured = (m: WireMessage): CaptureRequest => {
  const d: Record<string, unknown> = { ...(m.data ?? {}) };
  const text = (v: unknown) => String(v ?? '');
  return { url: text(d.url), title: text(d.title), lang: text(d.lang), text: text(d.text), hash: text(d.hash) };
};

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

function capture(dwellMs = 50) {
  const sent: CaptureRequest[] = [];
  stop = startPageCapture({
    read,
    window,
    isTopFrame: true,
    pollMs: 20,
    post: async (m) => {
      expect(m.tabwise).toBe('capture');
      if (m.name === 'config') return ok({ enabled: true, dwellMs });
      sent.push(captured(m));
      return ok({ status: 'queued' });
    },
  });
  return sent;
}

const until = async (f: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('page capture', () => {
  it('sends the visible text after the dwell time, never input values; a pushState route is a new page; same text is not resent', async () => {
    document.body.innerHTML =
      '<main><h1>Hello</h1><p>The visible paragraph about tide pools and anemones.</p><input value="secret-typed-value"><textarea>typed draft</textarea></main>';
    const sent = capture();
    await until(() => sent.length === 1);
    expect(sent[0]!.text).toContain('tide pools');
    expect(sent[0]!.text).not.toContain('secret-typed-value');
    expect(sent[0]!.text).not.toContain('typed draft');
    expect(sent[0]!.hash).toMatch(/^[0-9a-f]{14}$/);
    const first = sent[0]!.url;
    document.body.innerHTML =
      '<main><h1>Route two</h1><p>A different view about coral reefs and their fish.</p></main>';
    history.pushState(null, '', '/route-two');
    await until(() => sent.length === 2);
    expect(sent[1]!.url).not.toBe(first);
    expect(sent[1]!.text).toContain('coral reefs');
    // Back to the first URL with unchanged text: its hash was already sent.
    history.pushState(null, '', new URL(first).pathname);
    document.body.innerHTML =
      '<main><h1>Route two</h1><p>A different view about coral reefs and their fish.</p></main>';
    await new Promise((r) => setTimeout(r, 300));
    history.pushState(null, '', '/route-two');
    await new Promise((r) => setTimeout(r, 300));
    expect(sent.filter((s) => s.url.endsWith('/route-two'))).toHaveLength(1);
  });

  it('tries again when the background stopped while handling a message (settings and the capture itself)', async () => {
    document.body.innerHTML = '<main><h1>Retry</h1><p>A paragraph about lighthouse keepers and their lamps.</p></main>';
    const sent: CaptureRequest[] = [];
    const failures: Record<string, number> = { config: 1, capture: 2 };
    stop = startPageCapture({
      read,
      window,
      isTopFrame: true,
      pollMs: 20,
      retryMs: [30, 30, 30],
      post: async (m) => {
        if ((failures[m.name] = (failures[m.name] ?? 0) - 1) >= 0)
          throw new Error('The message port closed before a response was received.');
        if (m.name === 'config') return ok({ enabled: true, dwellMs: 20 });
        sent.push(captured(m));
        return ok({ status: 'queued' });
      },
    });
    await until(() => sent.length === 1);
    expect(sent[0]!.text).toContain('lighthouse keepers');
    await new Promise((r) => setTimeout(r, 200));
    expect(sent).toHaveLength(1);
  });

  it('does nothing in a sub-frame', async () => {
    document.body.innerHTML = '<p>Some text inside a frame that is not the top one.</p>';
    const sent: unknown[] = [];
    stop = startPageCapture({ read, window, post: async (m) => sent.push(m) });
    await new Promise((r) => setTimeout(r, 200));
    // vitest's browser mode runs tests inside an iframe: not even the config is asked for.
    expect(sent).toEqual([]);
  });

  it('does nothing when capture is off', async () => {
    document.body.innerHTML = '<p>Some text that must not be captured at all today.</p>';
    const sent: unknown[] = [];
    stop = startPageCapture({
      read,
      window,
      isTopFrame: true,
      post: async (m) => (m.name === 'config' ? ok({ enabled: false, dwellMs: 10 }) : sent.push(m)),
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(sent).toEqual([]);
  });

  it('loads the page reader through the background when the frame has none, then captures', async () => {
    document.body.innerHTML = '<main><h1>Reader</h1><p>A paragraph about glass floats found on the beach.</p></main>';
    const sent: CaptureRequest[] = [];
    let loaded = false;
    const names: string[] = [];
    stop = startPageCapture({
      window,
      isTopFrame: true,
      pollMs: 20,
      async read(doc, options, load) {
        if (!loaded) await load();
        return readPage(doc, options);
      },
      post: async (m) => {
        names.push(m.name);
        if (m.name === 'config') return ok({ enabled: true, dwellMs: 20 });
        if (m.name === 'reader') {
          loaded = true;
          return ok(undefined);
        }
        sent.push(captured(m));
        return ok({ status: 'queued' });
      },
    });
    await until(() => sent.length === 1);
    expect(sent[0]!.text).toContain('glass floats');
    expect(names).toEqual(['config', 'reader', 'capture']);
  });

  it('stops retrying once stopped', async () => {
    document.body.innerHTML = '<p>Text for a capture whose background never answers at all.</p>';
    let tries = 0;
    stop = startPageCapture({
      read,
      window,
      isTopFrame: true,
      retryMs: [50, 50, 50],
      post: async () => {
        tries++;
        throw new Error('Could not establish connection. Receiving end does not exist.');
      },
    });
    await until(() => tries === 1);
    stop();
    await new Promise((r) => setTimeout(r, 250));
    expect(tries).toBe(1);
  });
  it('asks the background to read a tab that shows a PDF (once per URL), without loading the page reader', async () => {
    // A window whose document says it is a PDF, as Chrome's viewer document does; everything else is this window's.
    const bind = <T extends object>(target: T, over: Record<string, unknown>): T =>
      new Proxy(target, {
        get(t, key) {
          if (typeof key === 'string' && key in over) return over[key];
          const v = Reflect.get(t, key, t) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
        },
      });
    const pdfDoc = bind(document, { contentType: 'application/pdf', title: 'report.pdf' });
    const pdfWindow = bind(window, { document: pdfDoc }) as Window;
    const names: string[] = [];
    const asked: unknown[] = [];
    let reads = 0;
    stop = startPageCapture({
      read: () => {
        reads++;
        return { markdown: 'never', title: '', lang: '' };
      },
      window: pdfWindow,
      isTopFrame: true,
      pollMs: 20,
      post: async (m) => {
        names.push(m.name);
        if (m.name === 'config') return ok({ enabled: true, dwellMs: 30 });
        asked.push(m.data);
        return ok({ status: 'queued' });
      },
    });
    await until(() => asked.length === 1);
    expect(asked).toEqual([{ url: location.href }]);
    expect(names).toEqual(['config', 'captureDocument']);
    expect(reads).toBe(0);
    // Visible again later: the same PDF is not asked for twice from one document.
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 150));
    expect(asked).toHaveLength(1);
  });
});
