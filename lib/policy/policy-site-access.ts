/**
 * What the policy lets the agent do on a site, and whether "Always allow" is offered. Pure: the run's access gate
 * (lib/agent/site-access.ts) takes the narrowest of this and the user's own level, so policy never widens.
 */
import { domainMatches, domainOf } from '../retrieval/domain-of';
import type { ManagedPolicy, PolicyAccess } from './managed-policy';

/**
 * The policy's level for a site (an origin or URL; undefined for a run without a page): the entry of the longest
 * domain that matches it (subdomains included), else the "*" entry, else 'full' (the policy does not narrow it).
 */
export function policySiteAccess(policy: ManagedPolicy, site: string | undefined): PolicyAccess {
  const map = policy.siteAccess;
  if (!map) return 'full';
  const domain = site ? domainOf(site) : '';
  let best: { length: number; access: PolicyAccess } | undefined;
  for (const [entry, access] of Object.entries(map)) {
    if (entry === '*' || !domain || !domainMatches(domain, entry)) continue;
    if (!best || entry.length > best.length) best = { length: entry.length, access };
  }
  return best?.access ?? map['*'] ?? 'full';
}

/** Whether approval cards may offer "Always allow", and stored grants be used (default yes). */
export const alwaysAllowOffered = (policy: ManagedPolicy): boolean => policy.alwaysAllowOffered !== false;
