import { afterEach, describe, expect, it } from 'vitest';
import { startPageCapture } from '../../../../lib/retrieval/capture/capture-page';
import { readPage } from '../../../../lib/page/read-page';

const ok = (value: unknown) => ({ ok: true, value });
const until = async (f: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  visibility = 'visible';
  document.body.innerHTML = '';
});

interface Captured {
  text: string;
  at: number;
}

function capture(dwellMs: number) {
  const sent: Captured[] = [];
  const configured: number[] = [];
  stop = startPageCapture({
    read: (doc, options) => readPage(doc, options),
    window,
    isTopFrame: true,
    pollMs: 20,
    post: async (m) => {
      if (m.name === 'config') {
        configured.push(performance.now());
        return ok({ enabled: true, dwellMs });
      }
      const data: Record<string, unknown> = { ...(m.data ?? {}) };
      sent.push({ text: String(data.text ?? ''), at: performance.now() });
      return ok({ status: 'queued' });
    },
  });
  return { sent, configured };
}

const EDITORS = `
  <main>
    <h1>Field notes</h1>
    <p>The visible article paragraph about migrating cranes over the salt marshes in autumn light.</p>
    <div contenteditable="true"><p>CANARY-EDITABLE draft the user is writing</p></div>
    <div contenteditable><span>CANARY-EMPTY-ATTR</span></div>
    <div contenteditable="plaintext-only">CANARY-PLAINTEXT</div>
    <div contenteditable="true"><div contenteditable="false">CANARY-NESTED-FALSE</div><p>CANARY-INHERITED</p></div>
    <textarea id="ta">CANARY-TEXTAREA-DEFAULT</textarea>
    <input id="in" value="CANARY-INPUT-DEFAULT">
    <div role="textbox">CANARY-ROLE-TEXTBOX</div>
    <div role="searchbox">CANARY-ROLE-SEARCHBOX</div>
    <div role="combobox">CANARY-ROLE-COMBOBOX</div>
    <div role="presentation textbox">CANARY-ROLE-SECOND-TOKEN</div>
    <p contenteditable="false">Not editable: this sentence about herons is article text too.</p>
  </main>`;

function typeCanaries(): void {
  const ta = document.querySelector<HTMLTextAreaElement>('#ta')!;
  ta.value = 'CANARY-TEXTAREA-TYPED';
  const input = document.querySelector<HTMLInputElement>('#in')!;
  input.value = 'CANARY-INPUT-TYPED';
}

describe('capture privacy', () => {
  it('captures the article and nothing the user types: contenteditable (inherited too), text boxes, form controls', async () => {
    document.body.innerHTML = EDITORS;
    typeCanaries();
    const { sent } = capture(30);
    await until(() => sent.length === 1);
    const text = sent[0]!.text;
    expect(text).toContain('migrating cranes');
    expect(text).toContain('herons');
    expect(text).not.toMatch(/CANARY/);
  });

  it('leaves editable regions out of a very large page read through its <main> too', async () => {
    const filler = Array.from(
      { length: 3000 },
      (_, i) => `<p>Paragraph ${i} about the long history of tidal mills and grain.</p>`,
    ).join('');
    document.body.innerHTML = `<main>${filler}<div contenteditable="true">loose CANARY-LARGE-LOOSE text<p>CANARY-LARGE-P</p></div><div><div role="textbox">CANARY-LARGE-TEXTBOX</div></div><textarea>CANARY-LARGE-TEXTAREA</textarea></main>`;
    expect((document.body.textContent ?? '').length).toBeGreaterThan(150_000);
    const reading = readPage(document, { maxChars: 400_000, excludeEditable: true });
    expect(reading.markdown).toContain('tidal mills');
    expect(reading.markdown).toContain('Paragraph 2999');
    expect(reading.markdown).not.toMatch(/CANARY/);
  });

  it('an editable body leaves nothing to capture', () => {
    document.body.innerHTML = '<p>CANARY-BODY-EDITABLE text typed into a page in design mode.</p>';
    document.body.contentEditable = 'true';
    try {
      expect(readPage(document, { excludeEditable: true }).markdown).not.toMatch(/CANARY/);
    } finally {
      document.body.removeAttribute('contenteditable');
    }
  });

  it('read_page for the agent is unchanged: without the option, editable text is read', () => {
    document.body.innerHTML = EDITORS;
    const markdown = readPage(document).markdown;
    expect(markdown).toContain('CANARY-EDITABLE');
    expect(markdown).toContain('CANARY-ROLE-TEXTBOX');
  });

  it('restarts the dwell when the tab was left before it ended: capture only a full dwell after coming back', async () => {
    document.body.innerHTML =
      '<main><h1>Dwell</h1><p>A paragraph about the tides of the northern sea and their mills.</p></main>';
    const dwellMs = 400;
    const { sent, configured } = capture(dwellMs);
    await until(() => configured.length === 1);
    await sleep(150);
    setVisibility('hidden');
    // Hidden across the original deadline: nothing is captured while away.
    await sleep(350);
    expect(sent).toEqual([]);
    const back = performance.now();
    setVisibility('visible');
    await until(() => sent.length === 1);
    // Resuming would have fired ~250 ms after coming back; a restart needs the full dwell.
    expect(sent[0]!.at - back).toBeGreaterThanOrEqual(dwellMs - 5);
  });

  it('a page left and never shown again is not captured', async () => {
    document.body.innerHTML = '<main><p>A paragraph about a page glanced at and then left for good.</p></main>';
    const { sent, configured } = capture(150);
    await until(() => configured.length === 1);
    await sleep(50);
    setVisibility('hidden');
    await sleep(300);
    expect(sent).toEqual([]);
  });
});
