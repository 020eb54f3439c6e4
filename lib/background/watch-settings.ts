import { afterWake as afterWakeChores, type AfterWake } from './after-wake';
import type { Settings, SettingsStore } from '../storage/settings-store';

/**
 * The settings store, telling `onSettings` what the settings are when the worker starts and after every
 * change (the site-tools relay follows its switch this way). Without an observer, the store as it is.
 * `afterWake`: when the start's telling runs (tests pass one that runs it at once).
 */
export function watchSettings(
  store: Promise<SettingsStore>,
  onSettings: ((settings: Settings) => void | Promise<void>) | undefined,
  afterWake: AfterWake = afterWakeChores,
): Promise<SettingsStore> {
  if (!onSettings) return store;
  const tell = (s: Settings) =>
    Promise.resolve(onSettings(s)).catch((e: unknown) => console.error('applying the settings failed', e));
  // At start the observer catches up after the first message (after-wake.ts); changes tell it at once.
  afterWake(() =>
    store.then((s) => s.get()).then(tell, (e: unknown) => console.error('reading the settings failed', e)),
  );
  return store.then((s) => ({
    get: () => s.get(),
    async update(patch) {
      const next = await s.update(patch);
      await tell(next);
      return next;
    },
  }));
}
