/** settings.*: the user's settings, read and patched. */
import type { SettingsStore } from '../../storage/settings-store';
import type { Awaitable, HandlerSet } from './handler-set';

export function createSettingsHandlers(deps: {
  settings: Awaitable<SettingsStore>;
}): HandlerSet<'settings.get' | 'settings.update'> {
  return {
    'settings.get': async () => (await deps.settings).get(),
    'settings.update': async (patch) => (await deps.settings).update(patch),
  };
}
