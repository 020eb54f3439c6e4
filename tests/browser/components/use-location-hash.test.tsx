/** The options page's route follows the hash, including a change made while the page was still starting. */
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocationHash } from '../../../components/options/use-location-hash';

const root = document.body.appendChild(document.createElement('div'));
const start = location.href;
afterEach(() => {
  render(null, root);
  history.replaceState(null, '', start);
});

function ShowHash() {
  return <output>{useLocationHash() || '(none)'}</output>;
}

describe('useLocationHash', () => {
  it('a hash set between the first render and the listener is not missed', async () => {
    history.replaceState(null, '', '#');
    render(<ShowHash />, root);
    expect(root.textContent).toBe('(none)');
    // Changed before the effect subscribed, and without a hashchange event at all.
    history.replaceState(null, '', '#web');
    await vi.waitFor(() => expect(root.textContent).toBe('#web'));
  });

  it('follows later changes', async () => {
    render(<ShowHash />, root);
    await new Promise((r) => setTimeout(r, 50));
    location.hash = '#models';
    await vi.waitFor(() => expect(root.textContent).toBe('#models'));
  });
});
