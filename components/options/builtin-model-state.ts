/**
 * Chrome's built-in model in the provider form: what the worker (where runs use it) reports, and the
 * download Chrome starts on a click (creating a session needs a user gesture; progress comes from its monitor).
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { BuiltinModelStatus } from '../../lib/providers/describe-builtin-model';
import { findLanguageModel } from '../../lib/providers/language-model-api';
import { t } from '../ui/t';

export function createBuiltinModelState() {
  const status = signal<BuiltinModelStatus | null>(null);
  const error = signal<string | null>(null);
  /** 0..1 while a download started here runs. */
  const progress = signal<number | null>(null);

  async function refresh() {
    error.value = null;
    try {
      status.value = await sendToBackground('providers.builtinStatus', {});
    } catch (e) {
      error.value = t('builtin_ask_failed', (e as Error).message);
    }
  }

  async function download() {
    const api = findLanguageModel();
    if (!api) {
      error.value = t('builtin_no_access');
      return;
    }
    progress.value = 0;
    try {
      const session = await api.create({
        monitor: (m) =>
          m.addEventListener('downloadprogress', (e) => {
            const loaded = (e as Event & { loaded?: unknown }).loaded;
            if (typeof loaded === 'number') progress.value = loaded;
          }),
      });
      session.destroy();
    } catch (e) {
      error.value = t('builtin_download_failed', (e as Error).message);
    } finally {
      progress.value = null;
      await refresh();
    }
  }

  return { status, error, progress, refresh, download };
}

export type BuiltinModelState = ReturnType<typeof createBuiltinModelState>;
