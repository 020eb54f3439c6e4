/**
 * "Always allow" in a scheduled run: its grants are keyed by the task as well as the site, so a grant the user
 * gave while watching (per site) never lets a run nobody watches act unasked, and a grant given on a scheduled
 * run's card holds only for that task on that site.
 */
import { siteKey } from '../tools/site-policy-store';
import type { RunSettings } from './run-settings';

/** The grant scope of a scheduled task's runs. */
export const taskGrantScope = (taskId: string) => `task:${taskId}`;

/** The key grants are looked up and given under, for `site` in a run with `settings`. */
export function grantSiteKey(settings: Pick<RunSettings, 'grantScope'>, site: string | undefined): string {
  return settings.grantScope ? `${settings.grantScope} ${siteKey(site)}` : siteKey(site);
}
