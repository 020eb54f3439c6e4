/**
 * The organisation's Chrome policy, as the worker applies it: one source read from `chrome.storage.managed` and
 * kept current from `chrome.storage.onChanged`, and the narrowings the rest of the background takes from it.
 * Every getter reads the current policy when asked, so a change applies to the next decision without a restart.
 */
import type { RunSettings } from '../agent/run-settings';
import type { ManagedPolicy, PolicyReading } from '../policy/managed-policy';
import { isMcpServerAllowed } from '../policy/policy-mcp';
import { forcedRemembering } from '../policy/policy-remembering';
import { alwaysAllowOffered, policySiteAccess } from '../policy/policy-site-access';
import { createPolicySource, type ManagedStorage, type PolicySource } from '../policy/policy-source';
import { teamServerOf, type TeamServerPolicy } from '../policy/team-server';
import type { PolicyAccess } from '../policy/managed-policy';
import type { ForcedPrivacy } from '../retrieval/privacy-policy';
import type { SitePolicyStore } from '../tools/site-policy-store';
import type { HandlerSet } from './handlers/handler-set';

export interface PolicyFeature {
  source: PolicySource;
  /** The policy that applies now (after the first read). */
  now(): Promise<ManagedPolicy>;
  /** `policy.get`: what Settings and the panel show (the policy, its rejected values, the team server). */
  handlers: HandlerSet<'policy.get'>;
  /** Typed getter for the team server's client (to come): its address and whether sign-in is required. */
  teamServer(): Promise<TeamServerPolicy | undefined>;
  /** The policy's level on a site, for the run's access gate (narrowed with the user's: the narrowest wins). */
  siteAccess(site: string | undefined): Promise<PolicyAccess>;
  mcpAllowed(url: string): Promise<boolean>;
  /** Remembering's forced rules for the privacy policy. */
  forcedPrivacy(): Promise<ForcedPrivacy | undefined>;
  /** The "always allow" grants, unused and not added while the policy does not offer "Always allow". */
  gateGrants(store: SitePolicyStore): SitePolicyStore;
  /** Adds the organisation's instructions to a new run's settings, after `augment`. */
  withOrganization(
    augment?: (s: RunSettings, text: string) => Promise<RunSettings>,
  ): (s: RunSettings, text: string) => Promise<RunSettings>;
  /** Called with each new reading (Chrome loaded a changed policy). */
  onChange(listener: (reading: PolicyReading) => void): void;
}

/** Create once, in the worker's first turn (the change listener must be added then). */
export function createPolicyFeature(storage?: ManagedStorage): PolicyFeature {
  const source = createPolicySource(storage);
  const now = async () => (await source.current()).policy;
  return {
    source,
    now,
    handlers: {
      'policy.get': async () => {
        const reading = await source.current();
        const team = teamServerOf(reading.policy);
        return { ...reading, ...(team ? { teamServer: team } : {}) };
      },
    },
    teamServer: async () => teamServerOf(await now()),
    siteAccess: async (site) => policySiteAccess(await now(), site),
    mcpAllowed: async (url) => isMcpServerAllowed(await now(), url),
    forcedPrivacy: async () => forcedRemembering(await now()),
    gateGrants: (store) => {
      // Turning "always allow" off revokes the grants given (at start too, if it was turned off meanwhile).
      const revokeWhenOff = () =>
        void now()
          .then((policy) => (alwaysAllowOffered(policy) ? 0 : store.revokeAll()))
          .catch((e: unknown) => console.warn('Tabwise: revoking grants for the policy failed', e));
      revokeWhenOff();
      source.subscribe(revokeWhenOff);
      return gatedGrants(store, now);
    },
    withOrganization: (augment) => async (settings, text) => {
      const [augmented, policy] = await Promise.all([augment ? augment(settings, text) : settings, now()]);
      const instructions = policy.customInstructions?.trim();
      return instructions ? { ...augmented, organizationInstructions: instructions } : augmented;
    },
    onChange: (listener) => void source.subscribe(listener),
  };
}

/** `store` as the policy narrows it: while "always allow" is off, no grant counts and none is stored. */
function gatedGrants(store: SitePolicyStore, now: () => Promise<ManagedPolicy>): SitePolicyStore {
  return {
    async isAllowed(site, tool) {
      return alwaysAllowOffered(await now()) && store.isAllowed(site, tool);
    },
    async allow(site, tool, givenAt) {
      if (alwaysAllowOffered(await now())) await store.allow(site, tool, givenAt);
    },
    revoke: (site, tool) => store.revoke(site, tool),
    list: () => store.list(),
    revokeAll: () => store.revokeAll(),
    offersAlways: async () => alwaysAllowOffered(await now()),
  };
}
