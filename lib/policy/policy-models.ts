/** Which providers and models the policy lets the user choose and run. Pure. */
import type { ProviderKind } from '../core/provider-config';
import type { ManagedPolicy } from './managed-policy';

/** What a provider is, as the policy names it: its kind and its base URL ('' for the vendor's own endpoint). */
export interface PolicyProvider {
  kind: ProviderKind;
  baseUrl: string;
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** Whether the provider may be used: listed by kind or by its endpoint's origin; unlisted (or an empty list) it may not. */
export function isProviderAllowed(policy: ManagedPolicy, provider: PolicyProvider): boolean {
  const allowed = policy.allowedProviders;
  if (!allowed) return true;
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
