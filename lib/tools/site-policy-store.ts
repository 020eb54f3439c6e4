/** "Always allow this tool on this site" decisions, keyed by origin and tool name. */
export interface SitePolicyStore {
  isAllowed(site: string, toolName: string): Promise<boolean>;
  allow(site: string, toolName: string): Promise<void>;
  revoke(site: string, toolName: string): Promise<void>;
  /** Whether cards may offer "Always allow" now (an organisation's policy may turn it off); absent: yes. */
  offersAlways?(): Promise<boolean>;
}

/** Runs without a page (no site) share one key, so "always" still means something there. */
export const siteKey = (site: string | undefined): string => site ?? '(no site)';

/** An in-memory SitePolicyStore for tests. */
export function createInMemorySitePolicyStore(): SitePolicyStore {
  const allowed = new Set<string>();
  const key = (site: string, tool: string) => `${site}\u0000${tool}`;
  return {
    async isAllowed(site, tool) {
      return allowed.has(key(site, tool));
    },
    async allow(site, tool) {
      allowed.add(key(site, tool));
    },
    async revoke(site, tool) {
      allowed.delete(key(site, tool));
    },
  };
}
