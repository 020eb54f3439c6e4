import { ONBOARDING_HASH } from './onboarding/onboarding-state';

/** What the options page shows: the first-run flow alone, the settings, or nothing until the providers are known. */
export type OptionsRoute = 'onboarding' | 'settings' | 'loading';

/**
 * The page's route from its hash and the number of saved providers (undefined until the background answered).
 * options.html without a hash is the onboarding for someone with no provider yet, and the settings otherwise;
 * a hash always wins, so a link to a section (or to #onboarding) lands where it points.
 */
export function optionsRoute(hash: string, providerCount: number | undefined): OptionsRoute {
  if (hash === ONBOARDING_HASH) return 'onboarding';
  if (hash && hash !== '#') return 'settings';
  if (providerCount === undefined) return 'loading';
  return providerCount === 0 ? 'onboarding' : 'settings';
}
