/** The team server the policy names: its address and whether sign-in is required (the client comes later). */
import type { ManagedPolicy } from './managed-policy';

export interface TeamServerPolicy {
  url: string;
  signInRequired: boolean;
}

/** The team server, or undefined when the policy names none. */
export function teamServerOf(policy: ManagedPolicy): TeamServerPolicy | undefined {
  if (!policy.teamServerUrl) return undefined;
  return { url: policy.teamServerUrl, signInRequired: policy.signInRequired === true };
}
