/** The options page's "Delete all data": a confirm step, then one background request. */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';

export function createDeleteAllDataState() {
  const confirming = signal(false);
  const { message, error, attempt } = createActionStatus();
  return {
    confirming,
    message,
    error,
    ask: () => {
      message.value = null;
      confirming.value = true;
    },
    cancel: () => (confirming.value = false),
    confirm: async () => {
      let deleted = 0;
      await attempt(async () => {
        deleted = (await sendToBackground('data.deleteAll', {})).conversations;
      });
      confirming.value = false;
      if (!error.value) message.value = `Deleted ${deleted} conversation${deleted === 1 ? '' : 's'}, every run record, memory, site approval and performance figure.`;
    },
  };
}
