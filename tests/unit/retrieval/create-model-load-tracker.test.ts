import { afterEach, describe, expect, it, vi } from 'vitest';
import { createModelLoadTracker, type ModelLoadProgress } from '../../../lib/retrieval/create-model-load-tracker';

const ok = (status = 200) => Promise.resolve(new Response('x', { status }));
const total = (loaded: number, all: number) => ({
  status: 'progress_total',
  name: 'm',
  progress: (100 * loaded) / all,
  loaded,
  total: all,
  files: {},
});

afterEach(() => vi.useRealTimers());

describe('createModelLoadTracker', () => {
  it('reads from the cache as "loading"; the first fetch turns it into "downloading" from that host', async () => {
    const seen: ModelLoadProgress[] = [];
    const t = createModelLoadTracker({ fetch: () => ok(), onProgress: (p) => seen.push(p), intervalMs: 0 });
    t.progress(total(10, 100));
    expect(seen).toEqual([{ phase: 'loading', loaded: 10, total: 100 }]);
    await t.fetch('https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/main/config.json');
    t.progress(total(60, 100));
    expect(seen.slice(1)).toEqual([
      { phase: 'downloading', host: 'huggingface.co', loaded: 10, total: 100 },
      { phase: 'downloading', host: 'huggingface.co', loaded: 60, total: 100 },
    ]);
    // Per-file events and anything else transformers.js reports are not byte totals.
    t.progress({ status: 'progress', file: 'config.json', loaded: 5, total: 5 });
    t.progress({ status: 'ready', task: 'feature-extraction' });
    expect(seen).toHaveLength(3);
    expect(t.failure()).toBeUndefined();
  });

  it('reports at most once per interval, the last byte at once, and a held-back state when the interval ends', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const t = createModelLoadTracker({
      fetch: () => ok(),
      onProgress: (p) => seen.push(p.loaded),
      intervalMs: 250,
      now: () => Date.now(),
    });
    t.progress(total(1, 100));
    t.progress(total(2, 100));
    t.progress(total(3, 100));
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(250);
    expect(seen).toEqual([1, 3]);
    t.progress(total(50, 100));
    t.progress(total(100, 100));
    expect(seen).toEqual([1, 3, 100]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([1, 3, 100]);
  });

  it('records the first network error or HTTP error status as the failure, not a 404 (an optional file) or a 416', async () => {
    const answers = [ok(404), ok(416), Promise.reject(new TypeError('Failed to fetch')), ok(503)];
    const t = createModelLoadTracker({ fetch: () => answers.shift()! });
    await t.fetch('https://huggingface.co/m/resolve/main/generation_config.json');
    await t.fetch('https://huggingface.co/m/resolve/main/empty.txt');
    expect(t.failure()).toBeUndefined();
    await expect(t.fetch(new URL('https://huggingface.co/m/resolve/main/config.json'))).rejects.toThrow(
      'Failed to fetch',
    );
    await t.fetch('https://huggingface.co/m/resolve/main/tokenizer.json');
    expect(t.failure()).toEqual({
      url: 'https://huggingface.co/m/resolve/main/config.json',
      reason: 'network error (Failed to fetch)',
    });

    const s = createModelLoadTracker({
      fetch: () => Promise.resolve(new Response('busy', { status: 503, statusText: 'Service Unavailable' })),
    });
    const response = await s.fetch('https://huggingface.co/m/resolve/main/config.json');
    expect(response.status).toBe(503);
    expect(s.failure()).toEqual({
      url: 'https://huggingface.co/m/resolve/main/config.json',
      reason: 'HTTP 503 Service Unavailable',
    });
  });
});
