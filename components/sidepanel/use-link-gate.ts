/**
 * The gate every link the panel draws from an answer goes through (Markdown links, citation chips): it opens
 * at once only when nothing is wrong with it; else the confirm step shows why. Two reasons ask: the address
 * carries text the conversation read on another site (the background's data-flow check), or it looks like
 * it carries data (describe-link.ts). A check that fails asks too: a link is never opened unchecked.
 */
import { useContext, useState } from 'preact/hooks';
import type { LinkDescription } from '../ui/describe-link';
import { t } from '../ui/t';
import { LinkEgressContext } from './link-egress-context';
import { looksLikeSheetCitation, sheetReaderFor } from './sheet-link';

export interface PendingLink {
  url: string;
  host: string;
  reason: string;
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin; // not a URL: shown as the check named it
  }
};

/**
 * Opened as every answer link is: a new tab, without opener or referrer. A spreadsheet citation opens the
 * reader page at its rows (sheet-link.ts); one whose range is not valid opens nothing.
 */
const openLink = (url: string) => {
  const reader = sheetReaderFor(url);
  if (!reader && looksLikeSheetCitation(url)) return;
  void window.open(reader ?? url, '_blank', 'noopener,noreferrer');
};

export function useLinkGate() {
  const check = useContext(LinkEgressContext);
  const [pending, setPending] = useState<PendingLink | null>(null);
  /** Opens `url` (already described) or shows why it asks first. */
  const follow = async (url: string, described: LinkDescription) => {
    const reasons: string[] = [];
    // The extension's own viewer page (a checked address): nothing leaves the browser by opening it.
    if (described.internal) return openLink(url);
    if (check) {
      const from = await check(url).then(
        (origins) => origins,
        () => null,
      );
      if (from === null) reasons.push(t('link_check_failed'));
      else if (from.length > 0) reasons.push(t('link_carries_read', from.map(hostOf).join(', '), described.host));
    }
    if (described.suspicious) reasons.push(described.suspicious);
    if (reasons.length > 0) setPending({ url, host: described.host, reason: reasons.join(' ') });
    // Still within the click's user activation (a few seconds), so the browser lets the tab open.
    else openLink(url);
  };
  return {
    pending,
    follow,
    /** Whether following a link waits for the background's check (then the click's default is prevented). */
    checks: check !== undefined,
    open() {
      if (pending) openLink(pending.url);
      setPending(null);
    },
    cancel: () => setPending(null),
  };
}
