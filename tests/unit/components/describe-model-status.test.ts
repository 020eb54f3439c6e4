import { describe, expect, it } from 'vitest';
import { describeModelStatus } from '../../../components/options/describe-model-status';
import { isIndexBusy } from '../../../components/options/index-settings-state';

const base = { model: 'idle' as const, modelId: 'Xenova/all-MiniLM-L6-v2@q8', queueDepth: 0 };

describe('describeModelStatus', () => {
  it('says nothing when the model is idle or ready and nothing failed', () => {
    expect(describeModelStatus(base)).toBeUndefined();
    expect(describeModelStatus({ ...base, model: 'ready' })).toBeUndefined();
  });

  it('shows the download with the model, the host and the bytes; a cache read is "loading"', () => {
    expect(
      describeModelStatus({
        ...base,
        model: 'loading',
        modelProgress: { phase: 'downloading', host: 'huggingface.co', loaded: 5 * 1024 ** 2, total: 20 * 1024 ** 2 },
      }),
    ).toEqual({
      tone: 'progress',
      text: 'Downloading the embedding model Xenova/all-MiniLM-L6-v2 from huggingface.co: 5.0 MB of 20.0 MB (25%). Only this once: the browser keeps it.',
    });
    expect(
      describeModelStatus({
        ...base,
        model: 'loading',
        modelProgress: { phase: 'downloading', loaded: 1024 ** 2, total: 0 },
      })?.text,
    ).toContain('Downloading the embedding model Xenova/all-MiniLM-L6-v2: 1.0 MB.');
    expect(
      describeModelStatus({ ...base, model: 'loading', modelProgress: { phase: 'loading', loaded: 1, total: 2 } }),
    ).toEqual({ tone: 'progress', text: 'Loading the embedding model Xenova/all-MiniLM-L6-v2…' });
    expect(describeModelStatus({ ...base, model: 'loading' })?.text).toBe(
      'Loading the embedding model Xenova/all-MiniLM-L6-v2…',
    );
  });

  it('a failure: the error as a sentence, and what waits in the queue', () => {
    const modelError =
      'Could not download the embedding model Xenova/all-MiniLM-L6-v2 (q8) from huggingface.co: network error (Failed to fetch)';
    expect(describeModelStatus({ ...base, model: 'failed', modelError, lastError: modelError, queueDepth: 1 })).toEqual(
      {
        tone: 'error',
        text: `${modelError}. 1 page waits in the queue and nothing is lost: Tabwise tries again every 30 seconds.`,
      },
    );
    // After the offscreen document restarted the engine has forgotten; the queue's last error remains.
    expect(
      describeModelStatus({ ...base, lastError: 'could not load embedding model x (q8).', queueDepth: 3 })?.text,
    ).toBe(
      'Could not load embedding model x (q8). 3 pages wait in the queue and nothing is lost: Tabwise tries again every 30 seconds.',
    );
  });
});

it('the settings page follows the stats while the model loads, the queue drains or pages are re-embedded', () => {
  expect(isIndexBusy({ model: 'ready', queueDepth: 0 })).toBe(false);
  expect(isIndexBusy({ model: 'failed', queueDepth: 0 })).toBe(false);
  expect(isIndexBusy({ model: 'loading', queueDepth: 0 })).toBe(true);
  expect(isIndexBusy({ model: 'failed', queueDepth: 1 })).toBe(true);
  expect(isIndexBusy({ model: 'ready', queueDepth: 0, reembed: { done: 1, total: 2, from: 'a@q8' } })).toBe(true);
});
