/** "2025-03-14 09:26 (Friday), time zone Europe/Paris (UTC+01:00)": unambiguous for a model, readable for a person. */
export function formatDateTime(epochMs: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
      weekday: 'long', hourCycle: 'h23', timeZoneName: 'longOffset',
    }).formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]),
  );
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', 'UTC') || 'UTC';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${parts.weekday}), ` +
    `time zone ${timeZone} (${offset === 'UTC' ? 'UTC+00:00' : offset})`;
}
