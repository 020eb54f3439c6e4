import { useEffect, useRef, useState } from 'preact/hooks';
import { useModalFocus } from './use-modal-focus';
import type { RunInspection } from '../../lib/background/protocol';
import { t } from '../ui/t';

/** "What the model saw": the exact system prompt, messages and tool schemas sent at each step of a run. */
export function ModelSawDialog({ load, onClose }: { load: () => Promise<RunInspection>; onClose: () => void }) {
  const [data, setData] = useState<RunInspection | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    load().then(setData, (e: Error) => setError(e.message));
  }, [load]);
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog, onClose);
  return (
    <div class="dialog" role="dialog" aria-modal="true" aria-label={t('message_model_saw')} ref={dialog} tabIndex={-1}>
      <header>
        <strong>{t('message_model_saw')}</strong>
        <button type="button" onClick={onClose} aria-label={t('common_close')}>
          ✕
        </button>
      </header>
      {error && <p role="alert">{error}</p>}
      {!data && !error && <p>{t('common_loading')}</p>}
      {data?.steps.map((s) => (
        <section key={s.index} class="step">
          <h3>{t('saw_step', s.index + 1)}</h3>
          <h4>{t('saw_system_prompt')}</h4>
          <pre class="system-prompt">{s.system}</pre>
          <details>
            <summary>{t('saw_messages', s.messages.length)}</summary>
            <pre>{JSON.stringify(s.messages, null, 2)}</pre>
          </details>
          <details>
            <summary>{t('saw_tools', s.tools.length)}</summary>
            <pre>{JSON.stringify(s.tools, null, 2)}</pre>
          </details>
        </section>
      ))}
    </div>
  );
}
