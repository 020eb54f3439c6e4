/**
 * Watches one model load through transformers.js's two seams, its `fetch` and its progress callback, to tell
 * the settings page what is happening (downloading from the network, or reading the browser's cache) and,
 * when the load fails, whether it failed because the files could not be downloaded.
 */

/** What the settings page shows while a model loads. */
export interface ModelLoadProgress {
  /** 'downloading': files come over the network (first use); 'loading': from the browser's cache or a local folder. */
  phase: 'downloading' | 'loading';
  /** The host the files come from while downloading. */
  host?: string;
  /** Bytes of the model's files read so far, and their total (0 while unknown). */
  loaded: number;
  total: number;
}

/** A request of the load that failed: a network error, or an HTTP error status. */
export interface ModelDownloadFailure {
  url: string;
  reason: string;
}

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface ModelLoadTracker {
  /** Give this to transformers.js as its fetch: it is the given fetch, observed. */
  fetch: FetchLike;
  /** Give this to transformers.js as its progress callback. */
  progress(info: unknown): void;
  /** The first failed request, if any. A 404 is not one (optional files are probed; a missing required file is "not found", not a failed download). */
  failure(): ModelDownloadFailure | undefined;
}

export interface ModelLoadTrackerOptions {
  fetch: FetchLike;
  onProgress?: (progress: ModelLoadProgress) => void;
  /** Reports at most this often (the phase changing and the last byte at once; a held-back state when the interval ends). Default 250 ms. */
  intervalMs?: number;
  now?: () => number;
}

const urlOf = (input: string | URL) => (typeof input === 'string' ? input : input.href);
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

/** Creates a tracker for one load. transformers.js fetches only what its cache lacks, so any fetch means "downloading". */
export function createModelLoadTracker(options: ModelLoadTrackerOptions): ModelLoadTracker {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 250;
  let host: string | undefined;
  let failed: ModelDownloadFailure | undefined;
  let last: ModelLoadProgress = { phase: 'loading', loaded: 0, total: 0 };
  let lastAt = -Infinity;

  let trailing: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    if (trailing !== undefined) clearTimeout(trailing);
    trailing = undefined;
    lastAt = now();
    options.onProgress?.({ ...last });
  };
  // Reports at most every intervalMs, and always the latest state in the end: a report held back by the
  // interval goes out when it ends (a download can pause on one large file for a long time).
  const report = (next: ModelLoadProgress) => {
    const changed =
      next.phase !== last.phase || (next.total > 0 && next.loaded >= next.total && last.loaded < last.total);
    last = next;
    if (!options.onProgress) return;
    const wait = intervalMs - (now() - lastAt);
    if (changed || wait <= 0) send();
    else trailing ??= setTimeout(send, wait);
  };

  return {
    async fetch(input, init) {
      const url = urlOf(input);
      host ??= hostOf(url);
      if (last.phase === 'loading') report({ ...last, phase: 'downloading', host });
      let response: Response;
      try {
        response = await options.fetch(input, init);
      } catch (error) {
        failed ??= { url, reason: `network error (${error instanceof Error ? error.message : String(error)})` };
        throw error;
      }
      // 404: an optional file probed; 416: what a zero-length file answers to a one-byte range request.
      if (response.status >= 400 && response.status !== 404 && response.status !== 416) {
        failed ??= { url, reason: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}` };
      }
      return response;
    },
    progress(info) {
      const i = info as { status?: unknown; loaded?: unknown; total?: unknown };
      if (i?.status !== 'progress_total' || typeof i.loaded !== 'number' || typeof i.total !== 'number') return;
      report({ ...last, loaded: i.loaded, total: i.total });
    },
    failure: () => failed,
  };
}
