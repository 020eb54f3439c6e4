/** Polls `probe` every 25 ms until it answers something, or `ms` pass (then undefined). */
export async function waitUntil<T>(probe: () => T | undefined, ms: number): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined || Date.now() >= end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
