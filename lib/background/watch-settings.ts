import type { Settings, SettingsStore } from '../storage/settings-store';

/**
 * The settings store, telling `onSettings` what the settings are when the worker starts and after every
 * change (the site-tools relay follows its switch this way). Without an observer, the store as it is.
 */
export function watchSettings(
  store: Promise<SettingsStore>,
  onSettings: ((settings: Settings) => void | Promise<void>) | undefined,
): Promise<SettingsStore> {
  if (!onSettings) return store;
  const tell = (s: Settings) =>
    Promise.resolve(onSettings(s)).catch((e: unknown) => console.error('applying the settings failed', e));
  void store.then((s) => s.get()).then(tell, (e: unknown) => console.error('reading the settings failed', e));
  return store.then((s) => ({
    get: () => s.get(),
    async update(patch) {
      const next = await s.update(patch);
      await tell(next);
      return next;
    },
  }));
}
