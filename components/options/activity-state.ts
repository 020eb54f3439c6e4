/** Settings → Activity's model: the lines the search matches (newest first), exports, and how long lines are kept. */
import { batch, signal } from '@preact/signals';
import type { ProtocolResponses } from '../../lib/background/protocol';
import { sendToBackground } from '../../lib/background/send-to-background';
import { createActionStatus } from './action-status';
import { formatCount } from './format-figures';
import { t } from '../ui/t';

export type ActivityView = ProtocolResponses['activity.list'];

/** Saves `text` as a download (an object URL on a link: no network, no permission). */
function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The download has the blob by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function createActivityState() {
  const query = signal('');
  const view = signal<ActivityView | null>(null);
  const retentionDraft = signal('');
  const busy = signal(false);
  const { message, error, attempt } = createActionStatus();
  // Answers can arrive out of order while the user types: only the latest search's is shown.
  let asked = 0;

  const load = async () => {
    const mine = ++asked;
    try {
      const text = query.value.trim();
      const next = await sendToBackground('activity.list', text ? { text } : {});
      if (mine !== asked) return;
      batch(() => {
        if (!view.value || retentionDraft.value === '') retentionDraft.value = String(next.retentionDays);
        view.value = next;
      });
    } catch (e) {
      if (mine === asked) error.value = (e as Error).message;
    }
  };

  const exportAs = (format: 'csv' | 'json') =>
    attempt(async () => {
      busy.value = true;
      try {
        const text = query.value.trim();
        const file = await sendToBackground('activity.export', { format, ...(text ? { text } : {}) });
        download(file.text, file.fileName, format === 'csv' ? 'text/csv' : 'application/json');
        message.value = t('activity_exported', formatCount(file.count, 'line'), file.fileName);
      } finally {
        busy.value = false;
      }
    });

  /**
   * While the section is shown and lines wait to go to the team server: asked again every `everyMs`, so the count,
   * the next try and the last error follow the outbox by themselves (nothing is asked while nothing waits or the
   * page is hidden). Answers the stop.
   */
  const followUpload = (everyMs = 3000) => {
    const id = setInterval(() => {
      const waiting = view.value?.upload?.waiting ?? 0;
      if (waiting > 0 && globalThis.document?.visibilityState !== 'hidden') void load();
    }, everyMs);
    return () => clearInterval(id);
  };

  return {
    query,
    view,
    followUpload,
    retentionDraft,
    busy,
    message,
    error,
    load,
    search: (text: string) => {
      query.value = text;
      return load();
    },
    exportAs,
    saveRetention: () =>
      attempt(async () => {
        const { retentionDays } = await sendToBackground('activity.setRetention', {
          days: Number(retentionDraft.value),
        });
        retentionDraft.value = String(retentionDays);
        await load();
        message.value = t('activity_retention_saved', formatCount(retentionDays, 'day'));
      }),
  };
}

export type ActivityState = ReturnType<typeof createActivityState>;
