/**
 * The policy as the worker holds it: read from `chrome.storage.managed` at start, and read again whenever
 * `chrome.storage.onChanged` reports the 'managed' area changed, so a policy Chrome loads applies at once. A
 * read that fails keeps the last reading (at first, the empty one: no policy) and says so in the console.
 */
import { EMPTY_READING, parseManagedPolicy, type PolicyReading } from './managed-policy';

/** The parts of chrome.storage used here (unit tests pass a fake; the e2e tests drive Chromium's own). */
export interface ManagedStorage {
  managed: { get(): Promise<Record<string, unknown>> };
  onChanged: { addListener(listener: (changes: object, area: string) => void): void };
}

export interface PolicySource {
  /** The current reading; waits for a read under way (the first, or one a change started). */
  current(): Promise<PolicyReading>;
  /** Called with every new reading; returns the unsubscribe. */
  subscribe(listener: (reading: PolicyReading) => void): () => void;
}

/** Starts reading at once; create it in the worker's first turn, so no change event is missed. */
export function createPolicySource(storage: ManagedStorage = chrome.storage): PolicySource {
  let reading = EMPTY_READING;
  let reads = 0;
  const listeners = new Set<(reading: PolicyReading) => void>();
  // Each read is numbered: one that returns after a later one started is stale and publishes nothing.
  const read = (): Promise<void> => {
    const n = ++reads;
    return storage.managed.get().then(
      (raw) => {
        if (n !== reads) return;
        reading = parseManagedPolicy(raw);
        for (const listener of listeners) listener(reading);
      },
      (error: unknown) => console.warn('Tabwise: could not read the managed policy', error),
    );
  };
  let latest = read();
  storage.onChanged.addListener((_changes, area) => {
    if (area === 'managed') latest = read();
  });
  return {
    async current() {
      // A read started while this one was out replaces `latest`: wait until no newer one is pending.
      for (let seen; seen !== latest;) await (seen = latest);
      return reading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
