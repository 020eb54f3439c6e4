/**
 * A settings form holds its controls until its saved values arrive: a choice made before the worker answered
 * would be overwritten by the answer (Web search once lost a SearXNG choice that way on a busy machine).
 */
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { WebSearchSettings } from '../../../components/options/WebSearchSettings';
import { root, runtime } from './options-form-harness';

/** The worker, answering webSearch.get only when the test lets it. */
function slowWorker(saved: unknown) {
  let answer!: () => void;
  const asked = new Promise<void>((resolve) => (answer = resolve));
  runtime.sendMessage = vi.fn(async (message: { name: string }) => {
    if (message.name !== 'webSearch.get') throw new Error(`unexpected ${message.name}`);
    await asked;
    return { ok: true, value: saved };
  });
  return answer;
}

describe('settings forms wait for their saved values', () => {
  it("Web search: disabled until the saved choice arrives, then it shows that choice and takes the user's", async () => {
    const answer = slowWorker({ backend: 'searxng', url: 'https://search.example', hasKey: false });
    render(<WebSearchSettings />, root);
    const select = () => root.querySelector('select')!;
    expect(select().matches(':disabled')).toBe(true);
    expect(root.querySelector<HTMLButtonElement>('button[type="submit"]')!.matches(':disabled')).toBe(true);
    answer();
    await vi.waitFor(() => expect(select().matches(':disabled')).toBe(false));
    expect(select().value).toBe('searxng');
    expect(root.querySelector<HTMLInputElement>('input[type="url"]')!.value).toBe('https://search.example');
  });

  it('Web search: a worker that cannot answer still opens the form, with the error', async () => {
    runtime.sendMessage = vi.fn(async () => ({
      ok: false,
      error: { code: 'internal', message: 'The store is unreadable.' },
    }));
    render(<WebSearchSettings />, root);
    await vi.waitFor(() => expect(root.querySelector('select')!.matches(':disabled')).toBe(false));
    expect(root.textContent).toContain('The store is unreadable.');
  });
});
