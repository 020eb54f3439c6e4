/** The options page's "Delete all data": a confirm step, then one background request. */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';
import { t } from '../ui/t';
import { formatCount } from './format-figures';

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
      if (!error.value) message.value = t('delete_all_done', formatCount(deleted, 'conversation'));
    },
  };
}
