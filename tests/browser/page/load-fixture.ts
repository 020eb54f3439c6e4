// Loads a built fixture page (tests/fixtures/pages/dist) in an iframe of the test page: the vitest server
// serves the project root, so the framework pages run for real beside the code under test.
const DIST = '/tests/fixtures/pages/dist';

/** A fixture page loaded in an iframe: its document, and the document that renders its state JSON. */
export interface LoadedFixture {
  frame: HTMLIFrameElement;
  doc: Document;
  /** Where `<pre id="state">` lives (the inner frame for the iframe page). */
  stateDoc: Document;
  /** The framework's state, parsed from `<pre id="state">`. */
  state(): Record<string, unknown>;
  remove(): void;
}

/** Opens `name`.html; fails with instructions when the pages were never built. */
export async function loadFixture(name: string): Promise<LoadedFixture> {
  const probe = await fetch(`${DIST}/${name}.html`);
  const body = await probe.text();
  if (!probe.ok || !body.includes('<script')) {
    throw new Error(`fixture page ${name}.html is not built: run \`npx tsx tests/fixtures/pages/build.ts\` first`);
  }
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:1000px;height:800px;border:0';
  frame.src = `${DIST}/${name}.html`;
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  document.body.appendChild(frame);
  await loaded;
  const doc = frame.contentDocument as Document;
  const stateDoc = await waitFor(() => {
    const iframe = doc.querySelector('iframe');
    if (iframe) {
      const inner = iframe.contentDocument;
      return inner?.getElementById('state')?.textContent ? inner : undefined;
    }
    // Pages without state (the article) mark themselves ready instead.
    return doc.getElementById('state')?.textContent || doc.documentElement.dataset.ready ? doc : undefined;
  }, name);
  return {
    frame,
    doc,
    stateDoc,
    state: () => JSON.parse(stateDoc.getElementById('state')?.textContent ?? '{}') as Record<string, unknown>,
    remove: () => frame.remove(),
  };
}

async function waitFor<T>(probe: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} to render`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Lets the framework flush its re-render before the state JSON is read. */
export function settle(): Promise<void> {
  return new Promise((r) => setTimeout(r, 30));
}
