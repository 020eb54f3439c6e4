/** wait_for(text) as it runs inside a page: found when it appears, false at the timeout, and cheap on a busy page. */
import { afterEach, describe, expect, it } from 'vitest';
import { waitForTextInPage } from '../../../lib/page/wait-in-page';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

function mount(): HTMLElement {
  host = document.createElement('div');
  document.body.appendChild(host);
  return host;
}

/** Counts reads of innerText while `body` runs. */
async function countingInnerText<T>(body: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const desc = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'innerText')!;
  let reads = 0;
  Object.defineProperty(HTMLElement.prototype, 'innerText', {
    ...desc,
    get() {
      reads++;
      return desc.get!.call(this);
    },
  });
  try {
    return { result: await body(), reads };
  } finally {
    Object.defineProperty(HTMLElement.prototype, 'innerText', desc);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('waitForTextInPage', () => {
  it('is true at once for text already shown, ignoring case and spacing; false at the timeout for text that never comes', async () => {
    mount().innerHTML = '<p>Your   order\n is <b>Confirmed</b></p>';
    expect(await waitForTextInPage('order is confirmed', 1000)).toBe(true);
    const started = performance.now();
    expect(await waitForTextInPage('Payment failed', 200)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('does not count hidden text', async () => {
    mount().innerHTML = '<p hidden>Results ready</p>';
    expect(await waitForTextInPage('Results ready', 150)).toBe(false);
  });

  it('on a page that changes constantly, finds the text soon after it appears and reads the page far less than once per change', async () => {
    const root = mount();
    const ticker = document.createElement('span');
    root.appendChild(ticker);
    const { result, reads } = await countingInnerText(async () => {
      const waiting = waitForTextInPage('3 flights found', 5000);
      let changes = 0;
      for (let i = 0; i < 300; i++) {
        ticker.setAttribute('data-tick', String(i));
        ticker.textContent = `tick ${i}`;
        changes += 2;
        if (i % 10 === 0) await sleep(5);
        else await Promise.resolve();
      }
      const appearedAt = performance.now();
      root.insertAdjacentHTML('beforeend', '<p>3 flights found</p>');
      const found = await waiting;
      return { found, changes, delay: performance.now() - appearedAt };
    });
    expect(result.found).toBe(true);
    // Found within the read interval (with room for a slow machine), after hundreds of changes read a few dozen times at most.
    expect(result.delay).toBeLessThan(500);
    expect(reads).toBeLessThan(result.changes / 10);
  });
});
