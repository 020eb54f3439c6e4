/** Which providers and models the policy lets the user choose and run. Pure. */
import type { ProviderKind } from '../core/provider-config';
import type { ManagedPolicy } from './managed-policy';

/** What a provider is, as the policy names it: its kind and its base URL ('' for the vendor's own endpoint). */
export interface PolicyProvider {
  kind: ProviderKind;
  baseUrl: string;
  /** Set for a team's provider (through the team server): the one kind an empty provider list still allows. */
  team?: unknown;
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Whether the provider may be used: a team's provider always (the policy's list says which of the user's own may
 * be, an empty list "none but the team's"); else listed by kind or by its endpoint's origin.
 */
export function isProviderAllowed(policy: ManagedPolicy, provider: PolicyProvider): boolean {
  const allowed = policy.allowedProviders;
  if (!allowed || provider.team) return true;
  const origin = provider.baseUrl ? originOf(provider.baseUrl) : undefined;
  return allowed.some((entry) => entry === provider.kind || (origin !== undefined && entry === origin));
}

const globToRegExp = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');

/** Whether the model id is allowed by the model list (no list: every model). */
export function isModelIdAllowed(policy: ManagedPolicy, modelId: string): boolean {
  const allowed = policy.allowedModels;
  if (!allowed) return true;
  return allowed.some((p) => globToRegExp(p).test(modelId));
}

/** Whether this provider's model may be used: both lists must allow it. */
export const isModelAllowed = (policy: ManagedPolicy, provider: PolicyProvider, modelId: string): boolean =>
  isProviderAllowed(policy, provider) && isModelIdAllowed(policy, modelId);

/**
 * The policy narrowed by the team server's word: a team that asks for its provider only ('team-only') allows none of
 * the user's own providers, as an empty provider list does. Never widens what the policy allows.
 */
export const narrowByTeamMode = (policy: ManagedPolicy, teamOnly: boolean): ManagedPolicy =>
  teamOnly ? { ...policy, allowedProviders: [] } : policy;
