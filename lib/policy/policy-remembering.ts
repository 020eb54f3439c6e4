/** What the policy makes of "Remember what I read": forced off, and the domain lists it forces. Pure. */
import type { ForcedPrivacy } from '../retrieval/privacy-policy';
import type { ManagedPolicy } from './managed-policy';

/** The remembering rules the policy forces (the privacy policy applies them after the user's own), or undefined. */
export function forcedRemembering(policy: ManagedPolicy): ForcedPrivacy | undefined {
  const { rememberingAllowed, rememberDeniedDomains, rememberAllowedDomains } = policy;
  if (rememberingAllowed === undefined && !rememberDeniedDomains && !rememberAllowedDomains) return undefined;
  return {
    off: rememberingAllowed === false,
    deniedDomains: rememberDeniedDomains ?? [],
    ...(rememberAllowedDomains ? { allowedDomains: rememberAllowedDomains } : {}),
  };
}
