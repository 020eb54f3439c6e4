/**
 * This machine's time zone for the prompt's date line, without Intl on a worker's start. The first Intl call in a
 * fresh service worker loads ICU's data (65-100 ms measured on the project's 2-core machine, before the first
 * request could leave: tests/bench/_worker-start-profile.ts), while Date's local-time methods need none of it. So
 * a run's default zone is LOCAL_TIME_ZONE, its date line is written from Date's local fields, and only the zone's
 * name comes from Intl: once per browser session, kept where a worker started again reads it (storage.session,
 * through primeLocalTimeZone).
 */

/** The zone a run names when none was given: this machine's own (format-date-time.ts writes it without Intl). */
export const LOCAL_TIME_ZONE = 'local';

let known: string | undefined;
let keep: ((name: string) => void) | undefined;

/** The machine's zone name ("Europe/Paris"): the kept one, else Intl's (then kept for the next worker). */
export function localTimeZoneName(): string {
  if (known === undefined) {
    known = Intl.DateTimeFormat().resolvedOptions().timeZone;
    keep?.(known);
  }
  return known;
}

/** Where the name is kept between workers. */
export interface TimeZoneKeeper {
  read(): Promise<string | undefined>;
  write(name: string): Promise<void>;
}

/** At worker start: takes the kept name (a plain IANA name, else ignored), and keeps the one Intl resolves. */
export async function primeLocalTimeZone(keeper: TimeZoneKeeper): Promise<void> {
  keep = (name) => void keeper.write(name).catch(() => undefined);
  const name = await keeper.read().catch(() => undefined);
  if (known === undefined && typeof name === 'string' && /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name))
    known = name;
}

/** Forgets what is known (tests). */
export function resetLocalTimeZone(): void {
  known = undefined;
  keep = undefined;
}
