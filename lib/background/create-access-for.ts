/**
 * The runtime's `accessFor(site)`: the user's "Read only" switch, narrowed further by any other source given
 * (an organisation's per-site policy, later). The narrowest answer wins (lib/agent/site-access.ts).
 */
import { narrowestAccess, type AccessFor } from '../agent/site-access';
import type { SettingsStore } from '../storage/settings-store';
import type { Awaitable } from './handlers/handler-set';

export function createAccessFor(settings: Awaitable<SettingsStore>, ...narrowers: AccessFor[]): AccessFor {
  return async (site) => {
    const { readOnly } = await (await settings).get();
    const others = await Promise.all(narrowers.map((f) => f(site)));
    return narrowestAccess(readOnly ? 'read' : 'full', ...others);
  };
}
