/**
 * The site-tools relay (navigator.modelContext for pages that register tools in script) is registered only
 * while "Use the tools sites offer" is on: in the main world, at document start, in every frame, so a page's
 * own scripts find it. It is the only Tabwise script that runs in a page before a run acts on it.
 */
import { siteToolsOn } from '../policy/policy-site-tools';
import type { Settings } from '../storage/settings-store';
import type { PolicyFeature } from './create-policy-feature';
import type { ScriptRegistry } from './sync-capture-script';

/** The id of the registration and the built script (WXT's runtime-registered content script `webmcp-relay`). */
export const RELAY_SCRIPT = { id: 'tabwise-webmcp-relay', file: 'content-scripts/webmcp-relay.js' } as const;

/** The switch the page router asks, and `apply` that makes the registration follow it. Concurrent calls run in order. */
export function createSiteToolsRelaySync(registry: ScriptRegistry = chrome.scripting) {
  let on = false;
  let last: Promise<void> = Promise.resolve();
  const sync = async (wanted: boolean) => {
    const registered = (await registry.getRegisteredContentScripts({ ids: [RELAY_SCRIPT.id] })).length > 0;
    if (wanted && !registered)
      await registry.registerContentScripts([
        {
          id: RELAY_SCRIPT.id,
          js: [RELAY_SCRIPT.file],
          matches: ['<all_urls>'],
          allFrames: true,
          runAt: 'document_start',
          world: 'MAIN',
          persistAcrossSessions: true,
        },
      ]);
    else if (!wanted && registered) await registry.unregisterContentScripts({ ids: [RELAY_SCRIPT.id] });
  };
  return {
    enabled: async () => on,
    apply(wanted: boolean): Promise<void> {
      on = wanted;
      last = last.catch(() => undefined).then(() => sync(wanted));
      return last;
    },
  };
}

/**
 * The settings listener that keeps the relay where the switch and the organisation's policy put it: the policy's
 * value when it sets one (siteToolsOn), read again whenever Chrome loads a changed policy.
 */
export function followSiteToolsSwitch(
  relay: { apply(wanted: boolean): Promise<void> },
  policy: Pick<PolicyFeature, 'now' | 'onChange'>,
): (settings: Settings) => Promise<void> {
  let user: boolean | undefined;
  let known = false;
  const apply = async () => relay.apply(siteToolsOn(await policy.now(), user));
  policy.onChange(() => {
    // Before the settings were read the first apply is still to come, with the policy it reads then.
    if (known) void apply().catch((e: unknown) => console.warn('Tabwise: applying the site-tools policy failed', e));
  });
  return async (settings) => {
    user = settings.useSiteTools;
    known = true;
    await apply();
  };
}
