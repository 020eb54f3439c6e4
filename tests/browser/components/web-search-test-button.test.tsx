/**
 * Settings → Web search's "Test connection": off while no backend is chosen, "Testing…" while the worker
 * searches, then the answer in a status line (a count and a time, or the worker's reason), which an edit to
 * the form clears because it no longer describes what the form holds.
 */
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { WebSearchSettings } from '../../../components/options/WebSearchSettings';
import { root, runtime } from './options-form-harness';

type Message = { name: string; data: Record<string, unknown> };

/** The worker: the saved backend for webSearch.get, and webSearch.test answered when the test says. */
function worker(saved: unknown) {
  const tests: { data: Record<string, unknown>; answer: (reply: unknown) => void }[] = [];
  runtime.sendMessage = vi.fn(async (message: Message) => {
    if (message.name === 'webSearch.get') return { ok: true, value: saved };
    if (message.name !== 'webSearch.test') throw new Error(`unexpected ${message.name}`);
    return new Promise((answer) => tests.push({ data: message.data, answer }));
  });
  return tests;
}

const button = () =>
  [...root.querySelectorAll('button')].find((b) => /Test connection|Testing/.test(b.textContent ?? ''))!;
const status = () => root.querySelector('[role="status"][aria-label="Test connection"]');
const loaded = () => vi.waitFor(() => expect(root.querySelector('select')!.matches(':disabled')).toBe(false));

describe('Test connection in Settings → Web search', () => {
  it('is off until a backend is chosen', async () => {
    worker({ backend: 'none', hasKey: false });
    render(<WebSearchSettings />, root);
    await loaded();
    expect(button().disabled).toBe(true);
    const select = root.querySelector('select')!;
    select.value = 'searxng';
    select.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(button().disabled).toBe(false));
  });

  it('says it is testing, then how many results came back in how long; the saved key stays in the worker', async () => {
    const tests = worker({ backend: 'brave', hasKey: true });
    render(<WebSearchSettings />, root);
    await loaded();
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe('Testing…'));
    expect(button().disabled).toBe(true);
    // No key typed: the worker uses the saved one, and the page sends none.
    expect(tests[0]!.data).toEqual({ backend: 'brave', url: '' });
    tests[0]!.answer({ ok: true, value: { results: 5, ms: 230 } });
    await vi.waitFor(() => expect(status()?.textContent).toBe('Works: 5 results in 230 ms.'));
    expect(button().textContent).toBe('Test connection');
    expect(button().disabled).toBe(false);
  });

  it("shows the worker's reason when the search fails, and an edit clears a result that no longer applies", async () => {
    const tests = worker({ backend: 'brave', hasKey: true });
    render(<WebSearchSettings />, root);
    await loaded();
    const key = root.querySelector<HTMLInputElement>('input[type="password"]')!;
    key.value = 'BSA-typed';
    key.dispatchEvent(new Event('input'));
    button().click();
    await vi.waitFor(() => expect(tests).toHaveLength(1));
    expect(tests[0]!.data).toEqual({ backend: 'brave', url: '', apiKey: 'BSA-typed' });
    tests[0]!.answer({
      ok: false,
      error: { code: 'auth', message: 'Brave Search refused the key (HTTP 401): check the API key.' },
    });
    await vi.waitFor(() =>
      expect(status()?.textContent).toBe('Brave Search refused the key (HTTP 401): check the API key.'),
    );
    expect(status()!.classList.contains('test-error')).toBe(true);
    key.value = 'BSA-fixed';
    key.dispatchEvent(new Event('input'));
    await vi.waitFor(() => expect(status()).toBeNull());
  });
});
