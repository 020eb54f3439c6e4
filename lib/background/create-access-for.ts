/**
 * The runtime's `accessFor(site)`: the user's "Read only" switch, narrowed further by the organisation's per-site
 * policy. The narrowest answer wins, and says whose rule it was (lib/agent/site-access.ts), so a refusal can tell
 * the user whether their own switch or their organisation stopped it.
 */
import { narrowestAccessBy, type AccessFor, type SiteAccess } from '../agent/site-access';
import type { SettingsStore } from '../storage/settings-store';
import type { Awaitable } from './handlers/handler-set';

export function createAccessFor(
  settings: Awaitable<SettingsStore>,
  organisation?: (site: string | undefined) => Promise<SiteAccess>,
): AccessFor {
  return async (site) => {
    const [{ readOnly }, managed] = await Promise.all([(await settings).get(), organisation?.(site)]);
    return narrowestAccessBy(
      readOnly ? 'read' : 'full',
      ...(managed ? [{ level: managed, by: 'organisation' as const }] : []),
    );
  };
}
