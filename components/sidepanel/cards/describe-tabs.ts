import { hostOf } from './card-guards';

export interface TabView {
  title: string;
  url: string;
  host: string;
  active: boolean;
}

/** list_tabs answers one line per tab: `* [tab 12] Title <url>` for the active one, `- [tab 13] Title <url>` for the
 * rest (the id is for the model; older conversations have lines without it). */
const line = /^([*-]) (?:\[tab \d+\] )?(.*) <([^<>]*)>$/;

export function describeTabs(out: unknown): TabView[] | undefined {
  if (typeof out !== 'string') return undefined;
  const lines = out.split('\n').filter((l) => l.trim());
  const tabs = lines.flatMap((l) => {
    const m = line.exec(l);
    return m ? [{ title: m[2]!, url: m[3]!, host: hostOf(m[3]!), active: m[1] === '*' }] : [];
  });
  // Anything else (e.g. "No tabs are open in this window.") is shown as the plain text it is.
  return tabs.length === lines.length && tabs.length > 0 ? tabs : undefined;
}
