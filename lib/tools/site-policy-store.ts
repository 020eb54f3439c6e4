/**
 * "Always allow this tool on this site" grants, keyed by origin and tool name, each with when it was given.
 * Settings → Permissions lists and revokes them; an organisation's policy that turns "always allow" off
 * calls `revokeAll()`.
 */
import { z } from 'zod';

/** One grant as Settings shows it; `givenAt` absent: given before grants were timed (shown as "earlier"). */
export interface SiteGrant {
  site: string;
  toolName: string;
  givenAt?: number;
}

export interface SitePolicyStore {
  isAllowed(site: string, toolName: string): Promise<boolean>;
  /** Grants it now, or at `givenAt` (a grant restored from an export keeps its time). */
  allow(site: string, toolName: string, givenAt?: number): Promise<void>;
  revoke(site: string, toolName: string): Promise<void>;
  /** Every readable grant, newest first; a stored grant that is not readable is skipped (never thrown). */
  list(): Promise<SiteGrant[]>;
  /** Revokes every grant at once; resolves with how many there were. */
  revokeAll(): Promise<number>;
  /** Whether cards may offer "Always allow" now (an organisation's policy may turn it off); absent: yes. */
  offersAlways?(): Promise<boolean>;
}

/** Runs without a page (no site) share one key, so "always" still means something there. */
export const NO_SITE = '(no site)';
export const siteKey = (site: string | undefined): string => site ?? NO_SITE;

/**
 * A grant as stored. Records written before grants were timed (or with a time that is not one) read as
 * given "earlier"; anything else unreadable is skipped by `readStoredGrant`.
 */
const storedGrantSchema = z.object({
  site: z.string().min(1).max(2000),
  toolName: z.string().min(1).max(200),
  allowedAt: z.unknown().optional(),
});

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The grant a stored record holds, or undefined when it is corrupt. */
export function readStoredGrant(record: unknown): SiteGrant | undefined {
  const parsed = storedGrantSchema.safeParse(record);
  if (!parsed.success) return undefined;
  const { site, toolName, allowedAt } = parsed.data;
  return { site, toolName, ...(isTime(allowedAt) ? { givenAt: allowedAt } : {}) };
}

/** Newest first; untimed ("earlier") grants last, then by site and tool so the list does not shuffle. */
export function sortGrants(grants: SiteGrant[]): SiteGrant[] {
  return [...grants].sort(
    (a, b) =>
      (b.givenAt ?? 0) - (a.givenAt ?? 0) || a.site.localeCompare(b.site) || a.toolName.localeCompare(b.toolName),
  );
}

/** An in-memory SitePolicyStore for tests. */
export function createInMemorySitePolicyStore(now: () => number = Date.now): SitePolicyStore {
  const grants = new Map<string, SiteGrant>();
  const key = (site: string, tool: string) => `${site}\u0000${tool}`;
  return {
    async isAllowed(site, tool) {
      return grants.has(key(site, tool));
    },
    async allow(site, toolName, givenAt = now()) {
      grants.set(key(site, toolName), { site, toolName, givenAt });
    },
    async revoke(site, tool) {
      grants.delete(key(site, tool));
    },
    async list() {
      return sortGrants([...grants.values()].map((g) => ({ ...g })));
    },
    async revokeAll() {
      const n = grants.size;
      grants.clear();
      return n;
    },
  };
}
