/**
 * A record whose values are built the first time each is read, then kept. For tables of zod schemas: building
 * a schema costs start-up time, and the service worker starts again and again (Chrome stops it when idle), while
 * one message needs only a few of them.
 */
export function lazyRecord<B extends Record<string, () => unknown>>(
  build: B,
): { readonly [K in keyof B]: ReturnType<B[K]> } {
  const record = {} as { [K in keyof B]: ReturnType<B[K]> };
  for (const key of Object.keys(build) as (keyof B & string)[]) {
    let built: { value: unknown } | undefined;
    Object.defineProperty(record, key, {
      enumerable: true,
      get: () => (built ??= { value: build[key]!() }).value,
    });
  }
  return Object.freeze(record);
}
