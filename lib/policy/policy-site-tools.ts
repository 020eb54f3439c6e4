/** What the policy makes of "Use the tools sites offer". Pure. */
import type { ManagedPolicy } from './managed-policy';

/**
 * Whether pages' script tools are heard: the organisation's value when its policy sets one, else the user's
 * switch (off unless turned on). Forcing it on opens no gate: every page tool call is still asked on its card.
 */
export const siteToolsOn = (policy: ManagedPolicy, userSetting: boolean | undefined): boolean =>
  policy.useSiteTools ?? userSetting === true;
