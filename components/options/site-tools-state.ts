/** The "Use the tools sites offer" switch of Settings → Tools: loaded from the settings, saved as it changes. */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';

export function createSiteToolsState() {
  const on = signal(false);
  const loaded = signal(false);
  const { message, error, attempt } = createActionStatus();
  return {
    on,
    loaded,
    message,
    error,
    load: () =>
      attempt(async () => {
        on.value = (await sendToBackground('settings.get', {})).useSiteTools === true;
      }).finally(() => (loaded.value = true)),
    set: (value: boolean) =>
      attempt(async () => {
        on.value = (await sendToBackground('settings.update', { useSiteTools: value })).useSiteTools === true;
      }),
  };
}
