import { afterEach, describe, expect, it } from 'vitest';
import { RefBook } from '../../../lib/page/ref-book';
import { snapshotPage } from '../../../lib/page/snapshot-page';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

/** A 5,000-element page: a product table with links, inputs and buttons, plus plain text around them. */
function bigPage(): HTMLElement {
  const rows = Array.from(
    { length: 500 },
    (_, i) =>
      `<tr><td>${i}</td><td><a href="#p${i}">Product ${i}</a></td><td><span>About ${i}</span></td><td><input name="q${i}" aria-label="Quantity ${i}"></td><td><button>Add ${i}</button></td></tr>`,
  ).join('');
  host = document.createElement('div');
  host.innerHTML = `<form><table><tbody>${rows}</tbody></table></form>`;
  document.body.appendChild(host);
  return host;
}

describe('snapshotPage speed', () => {
  it('snapshots a 5,000-element page within the budget (median of 15 runs)', () => {
    bigPage();
    expect(host!.querySelectorAll('*').length).toBeGreaterThanOrEqual(5000);
    const refs = new RefBook();
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const start = performance.now();
      const { state } = snapshotPage(document, {}, { refs });
      times.push(performance.now() - start);
      expect(state.total).toBe(1500);
    }
    times.sort((a, b) => a - b);
    const median = times[7] as number;
    console.log(`snapshot_ms_p50=${median.toFixed(1)} (5,000-element page, 1,500 interactive)`);
    // A regression guard only (the machine is shared, and load multiplies the time); the figure logged above is what is compared with the 50 ms target.
    expect(median).toBeLessThan(500);
  });
});
